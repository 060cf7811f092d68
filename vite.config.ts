import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Features } from 'lightningcss';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { de } from './src/ui/messagesDe.ts';

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
 * The script-tag build swaps one module for a leaner one in src/embed: `request.ts`, whose
 * comment says what it leaves out. Preact, its hooks and @preact/signals are the official
 * packages in every build, so the script tag and npm behave alike (issue #14); the size
 * test fails if they are swapped again. The npm build and the unit tests use the original
 * `request.ts`. `E2E_EMBED_MODULES=1` makes the demo's dev server swap it too, so that
 * every e2e spec can run against it, not only embed.spec.ts.
 */
function embedModules(): Plugin {
  const files: [RegExp, string][] = [[/\/src\/client\/request\.ts$/, resolve('src/embed/request.ts')]];
  return {
    name: 'site-search-embed-modules',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const swap = resolved && files.find(([from]) => from.test(resolved.id));
      return swap && importer !== swap[1] ? swap[1] : resolved;
    },
  };
}

/**
 * The script-tag build's German messages, `site-search.de.js` beside the script: the
 * script loads it for `data-lang="de"` (src/embed/loadGerman.ts), so pages in English
 * do not download them.
 */
function germanMessages(): Plugin {
  return {
    name: 'site-search-german',
    apply: 'build',
    generateBundle() {
      // ASCII only, so that no charset header is needed wherever the file is served from.
      const json = JSON.stringify(de).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      const source = `globalThis[Symbol.for('site-search-de')]=${json};\n`;
      this.emitFile({ type: 'asset', fileName: 'site-search.de.js', source });
    },
  };
}

/**
 * Vite ends the script-tag build's stylesheet with its hash-update marker, a `$vite$`
 * comment that only its own later steps read; the file is served without it.
 */
function cssMarker(): Plugin {
  return {
    name: 'site-search-css-marker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css') && typeof file.source === 'string') {
          file.source = file.source.replace(/\s*\/\*\$vite\$:\d+\*\/\s*$/, '');
        }
      }
    },
  };
}

// One config for the library builds, the demo's dev server and the unit tests.
// `vite build` makes the npm entry points (ESM, preact external); `vite build --mode embed`
// makes the self-contained script-tag file with Preact inside.
export default defineConfig(({ mode, command }) => ({
  plugins: [
    ...(command === 'build' && mode !== 'embed' ? [stylesheet()] : []),
    ...(command === 'build' && mode === 'embed' ? [germanMessages(), cssMarker()] : []),
    ...(mode === 'embed' || (command === 'serve' && process.env.E2E_EMBED_MODULES === '1') ? [embedModules()] : []),
  ],
  // The script-tag file uses classic `h()` calls: shorter than the automatic runtime's
  // `jsx(type, { children: [...] })` once minified, and Preact's `h` is in it anyway.
  oxc:
    mode === 'embed'
      ? { jsx: { runtime: 'classic', pragma: '__h', pragmaFrag: '__F' }, jsxInject: "import { h as __h, Fragment as __F } from 'preact'" }
      : { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // `light-dark()` stays as written in the script-tag CSS: every current browser has it, and
  // the minifier's fallback variables for it (`--lightningcss-light/dark`) would only add weight.
  css: mode === 'embed' ? { lightningcss: { exclude: Features.LightDark } } : undefined,
  build:
    mode === 'embed'
      ? {
          outDir: 'dist/embed',
          emptyOutDir: true,
          sourcemap: true,
          cssCodeSplit: false,
          // Two minifiers, each catching what the other leaves: terser (two passes) on the
          // bundle, then oxc on terser's output. Together 0.7% smaller (brotli) than oxc alone.
          minify: 'terser',
          terserOptions: { compress: { passes: 2 } },
          rolldownOptions: {
            output: {
              minify: { compress: true, mangle: true },
              // No `Symbol.toStringTag` on the `SiteSearch` global: nothing reads it.
              generatedCode: { symbols: false },
            },
            // terser takes most of the build's few seconds; that is expected, not worth a warning.
            checks: { pluginTimings: false },
          },
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
            external: [/^preact($|\/)/, /^@preact\/signals(-core)?($|\/)/],
          },
        },
  test: {
    // Most of the time of the service's tests is spent waiting on sockets, child
    // processes and worker threads, so a third worker pays on two cores. Test files
    // that need no DOM share one module graph per worker (isolate: false): each sets
    // up what it uses, and none leaves global state behind.
    maxWorkers: 3,
    projects: [
      // Components (`.test.tsx`) get a DOM; the rest of src runs in Node, where a test
      // starts faster: one that needs the DOM says so with `// @vitest-environment jsdom`.
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'headless',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['server/**/*.test.ts', 'demo/**/*.test.ts', 'bench/**/*.test.ts', '*.test.ts'],
          environment: 'node',
          isolate: false,
          // Service tests start real HTTP servers on loopback.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A PostgreSQL cluster, started only if a test asks for one.
          globalSetup: ['server/testing/postgresGlobalSetup.ts'],
        },
      },
    ],
  },
}));
