/**
 * The script-tag build's signals: just what the widget uses (`signal`, `batch`, `effect`,
 * `useSignalEffect`), and components that re-render when a signal they read in render
 * changes, for a fraction of @preact/signals' bytes. vite.config.ts puts this module in
 * place of `@preact/signals` for mode `embed` only; the npm build and the unit tests use
 * the real package, whose types both share.
 *
 * Left out on purpose: `computed`, signals as JSX children or props, effect cleanups and
 * cycle detection; the widget's code uses none of them (keep it so, or add them here).
 */
import { options } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** Something that reads signals: an effect or a component. */
interface Observer {
  /** A signal it read changed. */
  n(): void;
  /** The signals it read in its last run. */
  d: Set<Sig<unknown>>;
}

let tracking: Observer | undefined;
const noop = () => {};
let depth = 0;
const pending = new Set<Observer & { r(): void }>();

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

// The component adapter. Preact calls these option hooks by their mangled names:
// `__r` right before a component renders, `diffed` after a vnode's subtree is done,
// `__e` when rendering threw. A component reads signals from its `__r` until the next
// component's `__r` or `diffed`, and re-renders (setState) when one of them changes.
type Component = { _ss?: Observer; setState(state: object): void };
type VNodeHook = (vnode: { __c?: Component | null }) => void;
const hooks = options as unknown as Record<string, VNodeHook | undefined>;
const chain = (name: string, fn: VNodeHook, first?: boolean) => {
  const old = hooks[name];
  hooks[name] = (vnode) => {
    if (first) old?.(vnode);
    fn(vnode);
    if (!first) old?.(vnode);
  };
};
const stop = () => (tracking = undefined);
chain(
  '__r',
  ({ __c: c }) => {
    stop();
    if (c) {
      const o = (c._ss ||= { d: new Set(), n: () => c.setState({}) });
      track(o);
      tracking = o;
    }
  },
  true,
);
chain('diffed', stop);
chain('unmount', ({ __c: c }) => {
  if (c?._ss) {
    c._ss.n = noop;
    track(c._ss);
  }
});
const caught = hooks.__e as unknown as ((...args: unknown[]) => void) | undefined;
(hooks as Record<string, unknown>).__e = (...args: unknown[]) => {
  stop();
  caught?.(...args);
};
