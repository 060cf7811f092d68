/**
 * The script-tag file's `createTracker` (vite.config.ts swaps it in for the real one,
 * which is in `site-search.more.js`): the same tracker, loaded once it has something to
 * report. Calls made before it is here wait, in order, and are then made on it; results
 * on screen or a click load it. Events a past page left unsent load it at once, so that
 * they go as soon as they would have. If it cannot be loaded, nothing is reported.
 */
import type { Tracker, TrackerOptions } from '../tracker/createTracker.ts';
import { loadMore } from './loadMore.ts';

export function createTracker(options: TrackerOptions): Tracker {
  let real: Tracker | undefined;
  // Null once disposed or failed: nothing more is kept.
  let waiting: Array<[keyof Tracker, unknown[]]> | null = [];
  let loading = false;
  const load = () => {
    if (loading) return;
    loading = true;
    loadMore().then(
      (more) => {
        if (!waiting) return;
        real = more.createTracker(options);
        for (const [name, args] of waiting) (real[name] as (...a: unknown[]) => void)(...args);
        waiting = null;
      },
      () => (waiting = null),
    );
  };
  const call =
    (name: keyof Tracker, loads?: boolean) =>
    (...args: unknown[]) => {
      if (real) return (real[name] as (...a: unknown[]) => void)(...args);
      waiting?.push([name, args]);
      if (loads) load();
    };
  try {
    if (Object.keys(localStorage).some((key) => key.startsWith('ss-queue:'))) load();
  } catch {
    // No storage: nothing was left either.
  }
  return {
    shown: call('shown', true),
    click: call('click', true),
    settle: call('settle'),
    cancel: call('cancel'),
    setConsent: call('setConsent'),
    dispose() {
      real?.dispose();
      waiting = null;
    },
  };
}
