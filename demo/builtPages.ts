/**
 * The demo's pages built once (`vite build` with the project's config and mode) and served
 * as files, for `npm start -- --built` and the browser tests: a page load is then a few
 * requests, not the dev server's hundred-odd modules, which a loaded machine serves slowly.
 * The rest of the checkout stays reachable as the dev server has it (`/dist/embed/...`,
 * `/e2e/pages/...`, the test-built `demo/npm-app/dist/`), from the project's root.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { build, preview, type Connect, type Plugin, type PreviewServer } from 'vite';

/** The pages with scripts of their own: everything else under the root is served as it is. */
const PAGES = { main: 'index.html', tracker: 'e2e/tracker.html' };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Replaces the config's library build with a build of the demo's pages into `outDir`. */
function pagesBuild(outDir: string): Plugin {
  return {
    name: 'demo-pages-build',
    config(config) {
      config.build = {
        outDir,
        emptyOutDir: true,
        // Readable stack traces in a failing test; the bytes do not matter on loopback.
        minify: false,
        sourcemap: true,
        reportCompressedSize: false,
        rolldownOptions: {
          input: Object.fromEntries(Object.entries(PAGES).map(([name, file]) => [name, resolve(file)])),
          checks: { pluginTimings: false },
        },
      };
    },
  };
}

/** Serves a file of the root that the build has not replaced, as the dev server would. */
function rootFiles(root: string, outDir: string): Connect.NextHandleFunction {
  return (req, res, next) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://page').pathname);
    const file = normalize(join(root, path));
    if (!file.startsWith(root + sep) || file.startsWith(outDir + sep) || existsSync(join(outDir, path))) return next();
    if (!existsSync(file) || !statSync(file).isFile()) return next();
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', 'no-cache');
    createReadStream(file).pipe(res);
  };
}

export interface BuiltPagesOptions {
  /** `vite.config.ts`'s mode: `production`, or `embed-modules` for the script-tag build's modules. */
  mode: string;
  outDir: string;
}

export interface ServedPagesOptions {
  /** Where buildPages wrote the pages. */
  outDir: string;
  host: string;
  port: number;
  /** Added to the server: the demo's thumbnails and the old dashboard address's redirect. */
  plugins: Plugin[];
}

/**
 * Builds the pages into `outDir`. Apart from serving them, so that a start-up can build
 * while it does other work (the bundler works on threads of its own).
 */
export async function buildPages({ mode, outDir }: BuiltPagesOptions): Promise<void> {
  await build({ configFile: 'vite.config.ts', mode, plugins: [pagesBuild(resolve(outDir))], logLevel: 'warn', clearScreen: false });
}

/** Serves the pages buildPages wrote; resolves once the server listens. */
export async function servedBuiltPages({ outDir, host, port, plugins }: ServedPagesOptions): Promise<PreviewServer> {
  const root = resolve('.');
  const out = resolve(outDir);
  const files: Plugin = {
    name: 'demo-root-files',
    configurePreviewServer(server) {
      server.middlewares.use(rootFiles(root, out));
    },
  };
  return preview({
    configFile: false,
    root,
    build: { outDir: out },
    plugins: [...plugins, files],
    preview: { host, port, strictPort: true },
    logLevel: 'warn',
    clearScreen: false,
  });
}
