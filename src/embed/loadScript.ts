import type { pinned } from './scriptUrl.ts';

const loading = new Map<string, Promise<void>>();

/**
 * Runs the script at `src` once per page; the promise settles when it has run or failed.
 * Files built beside the script come from where it came from, so the page's `script-src`
 * that allows it allows them. `pin` is what `pinned()` gives for the file.
 */
export function loadScript(src: string, pin?: ReturnType<typeof pinned>): Promise<void> {
  let done = loading.get(src);
  if (!done) {
    done = new Promise((resolve, reject) => {
      document.head.append(Object.assign(document.createElement('script'), { src, onload: resolve, onerror: reject }, pin));
    });
    loading.set(src, done);
  }
  return done;
}
