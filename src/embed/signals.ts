/**
 * The script-tag build's `@preact/signals` (vite.config.ts swaps it in for mode `embed`):
 * `signal`, `batch`, `effect` and `useSignalEffect`, which live in hooks.ts, since one set
 * of Preact option hooks serves both the hooks and the components that read signals.
 */
export { batch, effect, signal, useSignalEffect } from './hooks.ts';
