/**
 * The script-tag build's `preact/hooks` and `@preact/signals` in one module (vite.config.ts
 * swaps it in, through signals.ts for the signals, for mode `embed`): only what the
 * widget calls, for a fraction of the bytes. One option hook per Preact event serves both.
 * The npm build and the unit tests of the widget use the real packages, whose types these
 * share.
 *
 * Differences that the widget's code does not notice (keep it so): effects run right
 * after the render is committed, not after the next paint; `useId` gives page-unique ids
 * that differ from Preact's; there is no useReducer, useLayoutEffect, useCallback,
 * useImperativeHandle or useErrorBoundary. Of the signals, `computed`, signals as JSX
 * children or props, effect cleanups and cycle detection are left out.
 */
import { options, type Context } from 'preact';

/** Something that reads signals: an effect or a component. */
interface Observer {
  /** A signal it read changed. */
  n(): void;
  /** The signals it read in its last run. */
  d: Set<Sig<unknown>>;
}

/** A component as these hooks see it: its hook slots, its signal observer, and Preact's internals they read. */
interface Host {
  _hs?: Slot[];
  _ss?: Observer;
  context: Record<string, { props: { value: unknown }; sub(c: Host): void } | undefined>;
  setState(state: object): void;
}
interface Slot {
  /** The value kept (state pair, ref, memo, context). */
  v?: unknown;
  /** The dependencies it was made with. */
  d?: unknown[] | undefined;
  /** An effect's cleanup. */
  c?: (() => void) | void;
}

let host: Host;
let index = 0;
let ids = 0;
/** Effects waiting for the commit of the render that asked for them. */
let effects: (() => void)[] = [];
/** The observer reading signals now. */
let tracking: Observer | undefined;
const noop = () => {};
let depth = 0;
const pending = new Set<Observer & { r(): void }>();

// Preact calls these option hooks by their mangled names: `__r` right before a component
// renders, `diffed` after a vnode's subtree is done, `__c` when a render was committed to
// the DOM, `__e` when rendering threw. A component reads signals from its `__r` until the
// next component's `__r` or `diffed`, and re-renders (setState) when one of them changes.
type VNode = { __c: Host };
const hooks = options as unknown as Record<string, ((...args: never[]) => void) | undefined>;
const chain = <A extends unknown[]>(name: string, fn: (...args: A) => void) => {
  const old = hooks[name] as ((...args: A) => void) | undefined;
  hooks[name] = ((...args: A) => {
    fn(...args);
    old?.(...args);
  }) as never;
};
const stop = () => (tracking = undefined);
chain('__r', ({ __c: c }: VNode) => {
  host = c;
  index = 0;
  const o = (c._ss ||= { d: new Set(), n: () => c.setState({}) });
  track(o);
  tracking = o;
});
chain('diffed', stop);
chain('__e', stop);
chain('__c', () => {
  const due = effects;
  effects = [];
  due.forEach((run) => run());
});
chain('unmount', ({ __c: c }: Partial<VNode>) => {
  c?._hs?.forEach((slot) => slot.c?.());
  if (c?._ss) {
    c._ss.n = noop;
    track(c._ss);
  }
});

function slot(): Slot {
  const slots = (host._hs ||= []);
  return (slots[index++] ||= {});
}

const changed = (s: Slot, deps: unknown[] | undefined) => !s.d || !deps || deps.some((d, i) => d !== s.d![i]);

export function useState<T>(initial: T | (() => T)): [T, (next: T | ((prev: T) => T)) => void] {
  const s = slot();
  const owner = host;
  if (!s.d) {
    s.d = [];
    const pair: [T, (next: T | ((prev: T) => T)) => void] = [
      typeof initial === 'function' ? (initial as () => T)() : initial,
      (next) => {
        const value = typeof next === 'function' ? (next as (prev: T) => T)(pair[0]) : next;
        if (value !== pair[0]) {
          pair[0] = value;
          owner.setState({});
        }
      },
    ];
    s.v = pair;
  }
  const pair = s.v as [T, (next: T | ((prev: T) => T)) => void];
  return [pair[0], pair[1]];
}

export function useMemo<T>(make: () => T, deps: unknown[]): T {
  const s = slot();
  if (changed(s, deps)) {
    s.v = make();
    s.d = deps;
  }
  return s.v as T;
}

export function useRef<T>(initial: T): { current: T } {
  return useMemo(() => ({ current: initial }), []);
}

export function useEffect(run: () => (() => void) | void, deps?: unknown[]): void {
  const s = slot();
  if (changed(s, deps)) {
    s.d = deps;
    effects.push(() => {
      s.c?.();
      s.c = run();
    });
  }
}

/** The value of the nearest provider of `context` (Preact's ids: `__c`, default `__`). */
export function useContext<T>(context: Context<T>): T {
  const s = slot();
  const { __c: id, __: fallback } = context as unknown as { __c: string; __: T };
  const provider = host.context[id];
  if (!provider) return fallback;
  if (!s.d) {
    s.d = [];
    provider.sub(host);
  }
  return provider.props.value as T;
}

export function useId(): string {
  return useMemo(() => `ss-id${++ids}`, []);
}

/** Forgets what `o` read, and (with `fn`) runs `fn` recording what it reads now. */
function track<T>(o: Observer, fn?: () => T): T | undefined {
  for (const s of o.d) s.s.delete(o);
  o.d.clear();
  if (!fn) return;
  const outer = tracking;
  tracking = o;
  try {
    return fn();
  } finally {
    tracking = outer;
  }
}

class Sig<T> {
  s = new Set<Observer>();
  constructor(public v: T) {}
  get value(): T {
    if (tracking) {
      this.s.add(tracking);
      tracking.d.add(this);
    }
    return this.v;
  }
  set value(v: T) {
    if (v !== this.v) {
      this.v = v;
      batch(() => [...this.s].forEach((o) => o.n()));
    }
  }
  peek(): T {
    return this.v;
  }
}

export function signal<T>(value: T): Sig<T> {
  return new Sig(value);
}

/** Runs `fn`; effects waiting on the signals it sets run once, when the outermost batch ends. */
export function batch<T>(fn: () => T): T {
  depth++;
  try {
    return fn();
  } finally {
    // A Set visits what is added while it is being iterated, so chains settle here too.
    if (!--depth) for (const e of pending) pending.delete(e), e.r();
  }
}

/** Runs `fn` now and again whenever a signal it read changes; returns the stop. */
export function effect(fn: () => unknown): () => void {
  const e: Observer & { r(): void } = { d: new Set(), n: () => void pending.add(e), r: () => void track(e, fn) };
  e.r();
  return () => {
    e.n = noop;
    pending.delete(e);
    track(e);
  };
}

export function useSignalEffect(fn: () => unknown): void {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => effect(() => latest.current()), []);
}
