import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Features } from 'lightningcss';
import { build, type BuildOptions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { MORE_KEY, MORE_MODULES, SHARED_KEY, SHARED_MODULES } from './src/embed/sharedModules.ts';
import { LANGUAGES } from './src/embed/languages.ts';
import { ar } from './src/ui/messagesAr.ts';
import { de } from './src/ui/messagesDe.ts';
import { es } from './src/ui/messagesEs.ts';
import { fr } from './src/ui/messagesFr.ts';
import { it } from './src/ui/messagesIt.ts';
import { ja } from './src/ui/messagesJa.ts';
import { ko } from './src/ui/messagesKo.ts';
import { nl } from './src/ui/messagesNl.ts';
import { pl } from './src/ui/messagesPl.ts';
import { pt } from './src/ui/messagesPt.ts';
import { zh } from './src/ui/messagesZh.ts';

/** The languages besides English, each built beside the script as `site-search.<code>.js`. */
const MESSAGES = { de, fr, es, pt, it, nl, pl, ja, zh, ko, ar };
if (Object.keys(MESSAGES).join(' ') !== LANGUAGES) throw new Error('vite.config.ts builds other languages than src/embed/loadLanguage.ts names');

/** The npm build ships the stylesheet as `style.css` beside the modules, for `import 'site-search-widget/style.css'`. */
function stylesheet(): Plugin {
  return {
    name: 'site-search-stylesheet',
    apply: 'build',
    generateBundle() {
      // One stylesheet for the npm package; the script tag has the tabs of several sources in a file of their own.
      const source = ['src/ui/styles.css', 'src/ui/sourceTabs.css'].map((file) => readFileSync(file, 'utf8')).join('\n');
      this.emitFile({ type: 'asset', fileName: 'style.css', source });
    },
  };
}

/** A module of src/ that the script-tag build replaces, and what with. */
export interface EmbedSwap {
  /** Matches the resolved file name of the module swapped. */
  module: RegExp;
  /** The stand-in, from the project's root. */
  standIn: string;
  /** Swapped in the script only; the others in `site-search.more.js` too. */
  lazy: boolean;
}

/**
 * The modules `embedModules` swaps. Every import site of one in a file the script-tag
 * build bundles says so in a comment; vite.config.test.ts checks it does, naming the stand-in.
 */
export const EMBED_SWAPS: readonly EmbedSwap[] = [
  { module: /\/src\/client\/request\.ts$/, standIn: 'src/embed/request.ts', lazy: false },
  { module: /\/src\/tracker\/createTracker\.ts$/, standIn: 'src/embed/lazyTracker.ts', lazy: true },
  { module: /\/src\/ui\/mountRecommendations\.tsx$/, standIn: 'src/embed/lazyRecommendations.ts', lazy: true },
  { module: /\/src\/ui\/FacetPanel\.tsx$/, standIn: 'src/embed/lazyFacetPanel.tsx', lazy: true },
  { module: /\/src\/ui\/OverlayList\.tsx$/, standIn: 'src/embed/lazyOverlayList.tsx', lazy: true },
  { module: /\/src\/ui\/SuggestionOptions\.tsx$/, standIn: 'src/embed/lazySuggestionOptions.tsx', lazy: true },
  { module: /\/src\/ui\/(Pager|LoadMore|SkipToResults|EmptyState|FilterChips|HitSections)\.tsx$/, standIn: 'src/embed/lazyResultParts.tsx', lazy: true },
  { module: /\/src\/ui\/messagesLater\.ts$/, standIn: 'src/embed/lazyMessages.ts', lazy: true },
  { module: /\/src\/ui\/startSources\.tsx$/, standIn: 'src/embed/lazyStartSources.ts', lazy: true },
];

/**
 * The script-tag build swaps modules for others in src/embed (EMBED_SWAPS). `request.ts`, whose comment
 * says what it leaves out, in the script and in `site-search.more.js`; and, in the script
 * only, the facets, the tracker and the related items for stand-ins that load the real ones from
 * `site-search.more.js` when they are needed (`lazy`). Preact, its hooks and
 * @preact/signals are the official packages in every build, so the script tag and npm
 * behave alike (issue #14); the size test fails if they are swapped again. The npm build
 * and the unit tests use the originals. Mode `embed-modules` (the demo's second page server,
 * `npm start -- --embed-web-port PORT`, dev server or `--built` pages) swaps `request.ts` too,
 * so that every e2e spec can run against it, not only the embed specs.
 */
function embedModules(lazy: boolean): Plugin {
  const files = EMBED_SWAPS.filter((swap) => lazy || !swap.lazy).map(({ module, standIn }): [RegExp, string] => [module, resolve(standIn)]);
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

/** The files the script loads from beside itself, by the ending of their names. */
const BESIDE = ['.css', '.more.js'];
/** Where each file's hash goes in the script until it is known: as long as a SHA-256 in base64, so the source map stays true. */
const hashMark = (ending: string) => `#${ending}#`.padEnd(44, '#');
const FILE_HASHES = Object.fromEntries(BESIDE.map((ending) => [ending, `sha256-${hashMark(ending)}`]));
/** The language files' hashes, which `site-search.more.js` holds (it loads them: src/embed/languageFile.ts). */
const LANGUAGE_HASHES = Object.fromEntries(Object.keys(MESSAGES).map((code) => [code, `sha256-${hashMark(`.${code}.js`)}`]));
/** The files whose hashes `site-search.more.js` holds, by the ending of their names: the languages', the related items' and the sources'. */
const LATER_FILES = [...Object.keys(MESSAGES).map((code) => `.${code}.js`), '.related.js', '.sources.js'];

/**
 * `site-search.more.js`, built beside the script after it (src/embed/more.ts), and then
 * `site-search.related.js` (src/embed/related.ts) and `site-search.sources.js` with its
 * stylesheet (src/embed/sources.ts): their imports of SHARED_MODULES read what
 * the script lends (src/embed/shared.ts) instead of bundling a second Preact, signals or
 * client, and the related and sources files' of MORE_MODULES what `site-search.more.js` leaves.
 * The sources file holds its stylesheet's hash. Then every
 * file beside the script is there, and their hashes are written into the files that load
 * them (src/embed/scriptUrl.ts `pinned`, src/embed/languageFile.ts `loadPinned`).
 */
function moreFile(): Plugin {
  let options: BuildOptions = {};
  return {
    name: 'site-search-more',
    apply: 'build',
    configResolved(config) {
      options = { outDir: resolve(config.root, config.build.outDir), sourcemap: config.build.sourcemap, write: config.build.write };
    },
    async closeBundle() {
      // Both steps work on the files written: a build that writes none makes neither.
      if (options.write === false) return;
      await build({ mode: 'embed-more', logLevel: 'warn', build: options });
      await build({ mode: 'embed-related', logLevel: 'warn', build: options });
      await build({ mode: 'embed-sources', logLevel: 'warn', build: options });
      const file = (name: string) => join(options.outDir!, name);
      const hashOf = (ending: string) =>
        createHash('sha256')
          .update(readFileSync(file(`site-search${ending}`)))
          .digest('base64');
      const sources = readFileSync(file('site-search.sources.js'), 'utf8');
      if (!sources.includes(hashMark('.sources.css'))) throw new Error('site-search.sources.js has no place for the hash of site-search.sources.css');
      writeFileSync(file('site-search.sources.js'), sources.replaceAll(hashMark('.sources.css'), hashOf('.sources.css')));
      let more = readFileSync(file('site-search.more.js'), 'utf8');
      for (const ending of LATER_FILES) {
        if (!more.includes(hashMark(ending))) throw new Error(`site-search.more.js has no place for the hash of site-search${ending}`);
        more = more.replaceAll(hashMark(ending), hashOf(ending));
      }
      writeFileSync(file('site-search.more.js'), more);
      let code = readFileSync(file('site-search.js'), 'utf8');
      for (const ending of BESIDE) {
        if (!code.includes(hashMark(ending))) throw new Error(`site-search.js has no place for the hash of site-search${ending}`);
        code = code.replaceAll(hashMark(ending), hashOf(ending));
      }
      writeFileSync(file('site-search.js'), code);
    },
  };
}

/** Each name the script lends, as `module name`, at its place in the lent list. */
const LENT_ORDER = Object.entries(SHARED_MODULES).flatMap(([key, names]) => names.map((name) => `${key} ${name}`));

/** The module that reads the object the script lends, once for all the shared modules. */
const SHARED_OBJECT = '\0shared';

/** `site-search.related.js` reads the modules of MORE_MODULES from what `site-search.more.js` left on the page. */
function moreImports(): Plugin {
  const files = Object.keys(MORE_MODULES).map((key) => [key, resolve(key)] as const);
  return {
    name: 'site-search-more-imports',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const file = resolved && files.find(([, id]) => id === resolved.id);
      return file ? `\0more:${file[0]}` : resolved;
    },
    load(id) {
      if (!id.startsWith('\0more:')) return;
      const names = MORE_MODULES[id.slice('\0more:'.length)]!;
      return `const m = globalThis[Symbol.for(${JSON.stringify(MORE_KEY)})];\n${names.map((n) => `export const ${n} = m.${n};`).join('\n')}\n`;
    },
  };
}

function sharedImports(): Plugin {
  const files = Object.keys(SHARED_MODULES).map((key) => [key, key.startsWith('src/') ? resolve(key) : key] as const);
  return {
    name: 'site-search-shared-imports',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === SHARED_OBJECT) return source;
      const direct = files.find(([, id]) => id === source);
      if (direct) return `\0shared:${direct[0]}`;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const file = resolved && files.find(([, id]) => id === resolved.id);
      return file ? `\0shared:${file[0]}` : resolved;
    },
    load(id) {
      // One read of the lent object, which every shared module below takes its names from.
      if (id === SHARED_OBJECT) return `export default globalThis[Symbol.for(${JSON.stringify(SHARED_KEY)})];\n`;
      if (!id.startsWith('\0shared:')) return;
      const key = id.slice('\0shared:'.length);
      // The lent object is a list in the order of SHARED_MODULES: `s[7]` is shorter than `s.useRef` in both files.
      const at = LENT_ORDER.indexOf(`${key} ${SHARED_MODULES[key]![0]}`);
      return `import s from ${JSON.stringify(SHARED_OBJECT)};\n${SHARED_MODULES[key]!.map((n, i) => `export const ${n} = s[${at + i}];`).join('\n')}\n`;
    },
  };
}

/**
 * The script-tag build's languages, `site-search.<code>.js` beside the script: the widget
 * loads the one it speaks (src/embed/loadLanguage.ts), so a page downloads no other.
 */
function languageFiles(): Plugin {
  return {
    name: 'site-search-languages',
    apply: 'build',
    generateBundle() {
      for (const [code, messages] of Object.entries(MESSAGES)) {
        // ASCII only, so that no charset header is needed wherever the file is served from.
        const json = JSON.stringify(messages).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
        const source = `(globalThis[Symbol.for('site-search-messages')]??={})[${JSON.stringify(code)}]=${json};\n`;
        this.emitFile({ type: 'asset', fileName: `site-search.${code}.js`, source });
      }
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
// makes the self-contained script-tag file with Preact inside, its `.more.js` part
// (mode `embed-more`), its `.related.js` part (mode `embed-related`) and its `.sources.js` part with
// its stylesheet (mode `embed-sources`), all built by the `embed` build.
export default defineConfig(({ mode, command }) => {
  const embedded = mode === 'embed' || mode === 'embed-more' || mode === 'embed-related' || mode === 'embed-sources';
  return {
    define: {
      __FILE_HASHES__: JSON.stringify(FILE_HASHES),
      __LANGUAGE_HASHES__: JSON.stringify(LANGUAGE_HASHES),
      __RELATED_HASH__: JSON.stringify(`sha256-${hashMark('.related.js')}`),
      __SOURCES_HASH__: JSON.stringify(`sha256-${hashMark('.sources.js')}`),
      __SOURCES_CSS_HASH__: JSON.stringify(`sha256-${hashMark('.sources.css')}`),
    },
    plugins: [
      ...(command === 'build' && !embedded ? [stylesheet()] : []),
      ...(command === 'build' && mode === 'embed' ? [languageFiles(), cssMarker(), embedModules(true), moreFile()] : []),
      ...(mode === 'embed-more' ? [sharedImports(), embedModules(false)] : []),
      ...(mode === 'embed-related' ? [moreImports(), sharedImports(), embedModules(false)] : []),
      ...(mode === 'embed-sources' ? [cssMarker(), moreImports(), sharedImports(), embedModules(false)] : []),
      ...(mode === 'embed-modules' ? [embedModules(false)] : []),
    ],
    // The script-tag file uses classic `h()` calls: shorter than the automatic runtime's
    // `jsx(type, { children: [...] })` once minified, and Preact's `h` is in it anyway.
    oxc: embedded
      ? { jsx: { runtime: 'classic', pragma: '__h', pragmaFrag: '__F' }, jsxInject: "import { h as __h, Fragment as __F } from 'preact'" }
      : { jsx: { runtime: 'automatic', importSource: 'preact' } },
    // `light-dark()` stays as written in the script-tag CSS: every current browser has it, and
    // the minifier's fallback variables for it (`--lightningcss-light/dark`) would only add weight.
    css: mode === 'embed' || mode === 'embed-sources' ? { lightningcss: { exclude: Features.LightDark } } : undefined,
    build: embedded
      ? {
          outDir: 'dist/embed',
          // The `.more.js` part is built into the folder after the script.
          emptyOutDir: mode === 'embed',
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
          lib:
            mode === 'embed'
              ? {
                  entry: 'src/embed/index.ts',
                  name: 'SiteSearch',
                  formats: ['iife'],
                  fileName: () => 'site-search.js',
                  cssFileName: 'site-search',
                }
              : mode === 'embed-more'
                ? { entry: 'src/embed/more.ts', name: 'SiteSearchMore', formats: ['iife'], fileName: () => 'site-search.more.js' }
                : mode === 'embed-related'
                  ? { entry: 'src/embed/related.ts', name: 'SiteSearchRelated', formats: ['iife'], fileName: () => 'site-search.related.js' }
                  : {
                      entry: 'src/embed/sources.ts',
                      name: 'SiteSearchSources',
                      formats: ['iife'],
                      fileName: () => 'site-search.sources.js',
                      cssFileName: 'site-search.sources',
                    },
        }
      : {
          outDir: 'dist/lib',
          emptyOutDir: true,
          sourcemap: true,
          lib: {
            entry: {
              index: 'src/index.ts',
              client: 'src/client/index.ts',
              core: 'src/core/index.ts',
              node: 'src/node/index.ts',
              react: 'src/react/index.ts',
              vue: 'src/vue/index.ts',
            },
            formats: ['es'],
          },
          rolldownOptions: {
            // The frameworks are the app's: the wrappers import them, never bundle them.
            external: [/^preact($|\/)/, /^@preact\/signals(-core)?($|\/)/, /^react($|\/)/, /^vue$/],
          },
        },
    test: {
      // Most of the time of the service's tests is spent waiting on sockets, child
      // processes and worker threads, so one worker more than the cores pays. Test files
      // share one module graph per worker (isolate: false), and those with a DOM one
      // document: each sets up what it uses and removes what it adds (script tags, timers,
      // storage), since which files share a worker changes from run to run. A module mock
      // (`vi.mock`) reaches only modules the worker has not loaded yet, so a file mocks what
      // a module imports only if no other file loads that module; otherwise it sets up what
      // the real import reads (loadLanguage.test.ts puts the part loaded later on the page).
      maxWorkers: availableParallelism() + 1,
      projects: [
        // Components (`.test.tsx`) get a DOM; the rest of src runs in Node, where a test
        // starts faster: one that needs the DOM says so with `// @vitest-environment jsdom`.
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['src/**/*.test.tsx'],
            environment: 'jsdom',
            setupFiles: ['src/ui/pendingPaints.setup.ts'],
            isolate: false,
            // Some files import the whole widget first (3–4 s quiet) or walk many renders:
            // past vitest's 5 s at a load of 3× the cores. The bound only stops a hung test.
            testTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'headless',
            include: ['src/**/*.test.ts'],
            environment: 'node',
            isolate: false,
            testTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'node',
            include: ['server/**/*.test.ts', 'demo/**/*.test.ts', 'bench/**/*.test.ts', '*.test.ts'],
            environment: 'node',
            isolate: false,
            // Service tests start real HTTP servers on loopback, and some a service in a
            // process of its own, which loads its sources first: the bounds only keep a hung
            // test from holding the run, and leave room for a machine loaded 3× its cores.
            testTimeout: 120_000,
            hookTimeout: 180_000,
            // The check for processes left running first: teardowns run in reverse order, so
            // it looks once the PostgreSQL cluster (started only if a test asks for one) is stopped.
            globalSetup: ['server/testing/leftoverProcessesGlobalSetup.ts', 'server/testing/postgresGlobalSetup.ts'],
          },
        },
        // The service tests that read back the searches the search endpoint recorded, once
        // more with those searches committed on the event store's writer thread (the path
        // of a service with reader threads; server/testing/testEngine.ts). That thread
        // takes a second or two to start from the sources, in each service that records a
        // search: test services commit on the event loop, and only these files run again.
        {
          extends: true,
          test: {
            name: 'node-event-thread',
            // Found by name: a file whose tests read back recorded searches ends in
            // `.recorded.conformance.test.ts`.
            include: ['server/**/*.recorded.conformance.test.ts'],
            environment: 'node',
            isolate: false,
            env: { SITE_SEARCH_TEST_EVENT_WRITER_THREAD: '1' },
            testTimeout: 120_000,
            hookTimeout: 180_000,
          },
        },
      ],
    },
  };
});
