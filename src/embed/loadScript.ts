import type { pinned } from './scriptUrl.ts';

const loading = new Map<string, Promise<void>>();

/** The part of the Trusted Types API used here (not in TypeScript's DOM types yet). */
interface ScriptUrlPolicy {
  createScriptURL(url: string): string;
}
type Factory = { trustedTypes?: { createPolicy(name: string, rules: ScriptUrlPolicy): ScriptUrlPolicy } };
let policy: ScriptUrlPolicy | undefined;

/**
 * A page that enforces Trusted Types (`require-trusted-types-for 'script'`) takes a
 * script's address only from a policy. This one is made on the first load and kept here,
 * so only this file's loads go through it; a page that names its policies allows it with
 * `trusted-types site-search`. Where it may not be made, the address is given as it is
 * and the browser refuses it: the widget goes on without that file.
 */
function trustedUrl(src: string): string {
  try {
    policy ??= (globalThis as Factory).trustedTypes?.createPolicy('site-search', { createScriptURL: (url) => url });
  } catch {
    // Not allowed by the page's `trusted-types` list.
  }
  return policy ? policy.createScriptURL(src) : src;
}

/**
 * Runs the script at `src` once per page; the promise settles when it has run or failed.
 * Files built beside the script come from where it came from, so the page's `script-src`
 * that allows it allows them. `pin` is what `pinned()` gives for the file.
 */
export function loadScript(src: string, pin?: ReturnType<typeof pinned>): Promise<void> {
  let done = loading.get(src);
  if (!done) {
    done = new Promise((resolve, reject) => {
      document.head.append(Object.assign(document.createElement('script'), { src: trustedUrl(src), onload: resolve, onerror: reject }, pin));
    });
    loading.set(src, done);
  }
  return done;
}
