import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** The npm build ships the stylesheet as `style.css` beside the modules, for `import 'site-search-widget/style.css'`. */
function stylesheet(): Plugin {
  return {
    name: 'site-search-stylesheet',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'style.css', source: readFileSync('src/ui/styles.css', 'utf8') });
    },
  };
}

// One config for the library builds, the demo's dev server and the unit tests.
// `vite build` makes the npm entry points (ESM, preact external); `vite build --mode embed`
// makes the self-contained script-tag file with Preact inside.
export default defineConfig(({ mode, command }) => ({
  plugins: command === 'build' && mode !== 'embed' ? [stylesheet()] : [],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build:
    mode === 'embed'
      ? {
          outDir: 'dist/embed',
          emptyOutDir: true,
          sourcemap: true,
          cssCodeSplit: false,
          lib: {
            entry: 'src/embed/index.ts',
            name: 'SiteSearch',
            formats: ['iife'],
            fileName: () => 'site-search.js',
            cssFileName: 'site-search',
          },
        }
      : {
          outDir: 'dist/lib',
          emptyOutDir: true,
          sourcemap: true,
          lib: {
            entry: { index: 'src/index.ts', client: 'src/client/index.ts', core: 'src/core/index.ts' },
            formats: ['es'],
          },
          rolldownOptions: {
            external: [/^preact($|\/)/, /^@preact\/signals($|\/)/],
          },
        },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['server/**/*.test.ts', 'demo/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          // Service tests start real HTTP servers on loopback.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
