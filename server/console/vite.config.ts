// Builds the console (app/) into static/, the files `/console/` serves: the service needs
// no Vite at run time. `npm run build:console`; the server package's build runs it too.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('app', import.meta.url)),
  // Relative addresses: the files are served under /console/, or wherever a proxy puts them.
  base: './',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('static', import.meta.url)),
    emptyOutDir: true,
    // The service's CSP allows scripts from its own origin alone: no inline module preload polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: { checks: { pluginTimings: false } },
  },
});
