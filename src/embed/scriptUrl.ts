// `currentScript` is only set while the script runs for the first time, and every module
// of the script-tag file runs then, so it is read here, once.
export const script = document.currentScript as HTMLScriptElement | null;

/** The address of a file built beside the script, under its name: `.css`, `.more.js`, `.de.js`. */
export const beside = (ending: string): string | undefined => script?.src.replace(/\.js(?=[?#]|$)/, ending);

/** The hashes of the files beside the script, by ending; the build writes them in (vite.config.ts). */
declare const __FILE_HASHES__: Record<string, string>;

/**
 * What an element that loads the file beside the script under `ending` is given: when the
 * page pins the script with `integrity`, the file's own hash, so that what the script
 * loads later is pinned too; nothing otherwise.
 */
export const pinned = (ending: string): { integrity?: string; crossOrigin?: string | null } =>
  script?.integrity ? { integrity: __FILE_HASHES__[ending], crossOrigin: script.crossOrigin } : {};
