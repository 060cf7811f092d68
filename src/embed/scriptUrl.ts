// `currentScript` is only set while the script runs for the first time, and every module
// of the script-tag file runs then, so it is read here, once.
export const script = document.currentScript as HTMLScriptElement | null;

/** The address of a file built beside the script, under its name: `.css`, `.de.js`, `.more.js`. */
export const beside = (ending: string): string | undefined => script?.src.replace(/\.js(?=[?#]|$)/, ending);
