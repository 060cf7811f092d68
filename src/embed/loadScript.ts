import type { pinned } from './scriptUrl.ts';

const loading = new Map<string, Promise<void>>();

/** The part of the Trusted Types API used here (not in TypeScript's DOM types yet). */
interface ScriptUrlPolicy {
  createScriptURL(url: string): string;
}
type Factory = { trustedTypes?: { createPolicy(name: string, rules: ScriptUrlPolicy): ScriptUrlPolicy } };
/** Made on the first load; null once it could not be made, so it is not asked for again. */
let policy: ScriptUrlPolicy | null | undefined;

/**
 * A page that enforces Trusted Types (`require-trusted-types-for 'script'`) takes a
 * script's address only from a policy. This one passes any address, so it stays private to
 * this module, whose callers load only the files beside the script. A page that names its
 * policies allows it with `trusted-types site-search` (and `'allow-duplicates'` if the
 * script is on the page twice). Where it may not be made, the address is given as it is
 * and the browser refuses it: the widget goes on without that file.
 */
function trustedUrl(src: string): string {
  if (policy === undefined) {
    try {
      policy = (globalThis as Factory).trustedTypes?.createPolicy('site-search', { createScriptURL: (url) => url }) ?? null;
    } catch {
      // Not allowed by the page's `trusted-types` list.
      policy = null;
    }
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
