import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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

/**
 * Script-tag build only: modules swapped for leaner ones in src/embed that keep what the
 * widget needs (see each file's comment). The npm build and the tests use the originals.
 */
function embedSwaps(): Plugin {
  const swaps: [RegExp, string][] = [[/\/src\/client\/request\.ts$/, resolve('src/embed/request.ts')]];
  return {
    name: 'site-search-embed-swaps',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const swap = resolved && swaps.find(([from]) => from.test(resolved.id));
      return swap && importer !== swap[1] ? swap[1] : resolved;
    },
  };
}

// One config for the library builds, the demo's dev server and the unit tests.
// `vite build` makes the npm entry points (ESM, preact external); `vite build --mode embed`
// makes the self-contained script-tag file with Preact inside.
export default defineConfig(({ mode, command }) => ({
  plugins: command === 'build' ? (mode === 'embed' ? [embedSwaps()] : [stylesheet()]) : [],
  // The script-tag file carries its own few-line signals (src/embed/signals.ts); the npm
  // build leaves @preact/signals to the page's copy and the tests run against it.
  resolve: mode === 'embed' ? { alias: [{ find: /^@preact\/signals$/, replacement: resolve('src/embed/signals.ts') }] } : {},
  // The script-tag file uses classic `h()` calls: shorter than the automatic runtime's
  // `jsx(type, { children: [...] })` once minified, and Preact's `h` is in it anyway.
  oxc:
    mode === 'embed'
      ? { jsx: { runtime: 'classic', pragma: '__h', pragmaFrag: '__F' }, jsxInject: "import { h as __h, Fragment as __F } from 'preact'" }
      : { jsx: { runtime: 'automatic', importSource: 'preact' } },
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
            entry: { index: 'src/index.ts', client: 'src/client/index.ts' },
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
