/**
 * The script-tag build's `preact/hooks` (vite.config.ts swaps it in for mode `embed`):
 * only the hooks the widget calls, in a third of the bytes. The npm build and the unit
 * tests use Preact's own.
 *
 * Differences that the widget's code does not notice (keep it so): effects run right
 * after the render is committed, not after the next paint; `useId` gives page-unique ids
 * that differ from Preact's; there is no useReducer, useLayoutEffect, useCallback,
 * useImperativeHandle or useErrorBoundary.
 */
import { options, type Context } from 'preact';

/** A component as these hooks see it: its hook slots, and Preact's internals they read. */
interface Host {
  _hs?: Slot[];
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

const hooks = options as unknown as Record<string, ((...args: never[]) => void) | undefined>;
const chain = <A extends unknown[]>(name: string, fn: (...args: A) => void) => {
  const old = hooks[name] as ((...args: A) => void) | undefined;
  hooks[name] = ((...args: A) => {
    fn(...args);
    old?.(...args);
  }) as never;
};
// `__r`: a component is about to render. `__c`: a render was committed to the DOM.
chain('__r', (vnode: { __c: Host }) => {
  host = vnode.__c;
  index = 0;
});
chain('__c', () => {
  const due = effects;
  effects = [];
  due.forEach((run) => run());
});
chain('unmount', (vnode: { __c?: Host | null }) => {
  vnode.__c?._hs?.forEach((slot) => slot.c?.());
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
