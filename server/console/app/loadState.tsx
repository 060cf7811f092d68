// What every console page shows while its data loads, when it could not be loaded (with
// a retry), and the hook that loads it: written once for every page.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { errorMessage } from './dashboardApi.ts';

export type Load<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; message: string };

/**
 * Loads with `load` on mount and again on each retry (the second value), aborting the
 * load under way when the page goes or `deps` change.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[] = []): [Load<T>, () => void] {
  const [state, setState] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ state: 'loading' });
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ state: 'ready', value });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ state: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [attempt, ...deps]);
  return [state, () => setAttempt((n) => n + 1)];
}

/** A failed load: what failed, why, and a button to try again. */
export function LoadFailed({ what, message, retry }: { what: string; message: string; retry: () => void }) {
  return (
    <div class="dash-error" role="alert">
      <p>
        <strong>{what} could not be loaded.</strong> {message}
      </p>
      <button type="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

/**
 * A load's state in one place: "Loading …" while it loads, the failure with its retry,
 * and `children(value)` once ready. `what` names the data ("The rules").
 */
export function LoadState<T>({ load, what, retry, children }: { load: Load<T>; what: string; retry: () => void; children: (value: T) => ComponentChildren }) {
  if (load.state === 'loading') return <p class="dash-status">Loading {what.replace(/^The /, 'the ')}…</p>;
  if (load.state === 'error') return <LoadFailed what={what} message={load.message} retry={retry} />;
  return <>{children(load.value)}</>;
}
