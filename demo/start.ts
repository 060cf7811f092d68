/**
 * `npm start`: the whole demo on one machine. Builds the demo corpus and the owner's
 * console, starts the reference service, indexes the corpus through the batch endpoint
 * the way a site owner would, then serves the demo page with the widget. Prints the URLs
 * to open. The dashboard is the service's console (/console/), which the demo page's
 * old /demo/dashboard.html address now leads to.
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createServer, type Connect, type Plugin } from 'vite';
import { buildConsole } from '../server/console/buildConsole.mjs';
import { commandLine } from '../server/config/commandLine.ts';
import { postgresEngines } from '../server/indices/postgresFactory.ts';
import { databaseUrl } from '../server/config/configFile.ts';
import { buildPages, servedBuiltPages } from './builtPages.ts';
import { cachedCorpus } from './corpusCache.ts';
import { startDemoService } from './demoService.ts';
import { thumbnailSvg } from './corpus/thumbnails.ts';
import { generatedTraffic } from './generatedTraffic.ts';
import { crawlGuides, GUIDES, guidePages, guidesSite } from './guides.ts';
import { indexCache } from './indexCache.ts';
import { indexDocuments } from './indexDocuments.ts';
import { sendViewedTogether, viewedTogether } from './viewedTogether.ts';

const SITE_KEY = 'demo';
const SECRET = 'demo-secret';
/** The recommendation configuration the page asks for: items are document ids. */
/** The demo service's admin key (the index API, the console's admin sign-in): for local use only, so printed. */
const ADMIN_KEY = 'demo-admin-key-for-local-use-only';
/** A second, tiny index, for pages that show two widgets with different keys. */
const BLOG = { publicKey: 'blog', secret: 'blog-secret' };
const BLOG_POSTS = [
  'Grid layout in practice',
  'Shipping a search box',
  'Fetch and streams',
  'Dark mode done right',
  'Dialogs without libraries',
  'Colour contrast checks',
].map((title, i) => ({
  id: `post-${i + 1}`,
  url: `https://blog.example.com/posts/${i + 1}`,
  title,
  main_content: `Post ${i + 1} of the blog: ${title.toLowerCase()}, with notes.`,
  language: 'en',
}));
const RECOMMENDATIONS = { related: { dataset: 'views', itemField: null, maxHits: 12 } };

const USAGE = `Usage: npm start -- [options]

Runs the demo: builds the demo corpus, starts the reference service, indexes the corpus
and serves the demo page with the widget. Prints the addresses to open.

Options:
  --api-port PORT   the service's port (default 8787, or API_PORT)
  --web-port PORT   the demo page's port (default 5173, or WEB_PORT)
  --data FOLDER     the service's data folder (default .data/demo)
  --fresh           start from an empty data folder (on SQLite, from the one kept in
                    .cache/demo-index after the same corpus was last indexed)
  --built           serve the pages built once (vite build) instead of through Vite's
                    dev server: quicker page loads, but edits need a restart (the
                    browser tests use it)
  --embed-web-port PORT
                    also serve the demo page on PORT with the modules the script-tag
                    build swaps (src/embed), for the browser tests to run on both
  --database-url URL
                    keep the indices in PostgreSQL (postgres://user:pass@host/db);
                    a second node can then serve them: npm run serve -- --port 8788
                    --database-url URL (or SITE_SEARCH_DATABASE_URL)
  -h, --help        print this help
`;

function options() {
  return commandLine({ name: 'start', invocation: 'npm start --', usage: USAGE }, (args) => {
    const { values } = parseArgs({
      args,
      options: {
        'api-port': { type: 'string', default: process.env.API_PORT ?? '8787' },
        'web-port': { type: 'string', default: process.env.WEB_PORT ?? '5173' },
        data: { type: 'string', default: '.data/demo' },
        fresh: { type: 'boolean', default: false },
        built: { type: 'boolean', default: false },
        'embed-web-port': { type: 'string' },
        'database-url': { type: 'string', default: process.env.SITE_SEARCH_DATABASE_URL },
      },
    });
    const port = (name: string, text: string) => {
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} must be a port number from 1 to 65535`);
      return n;
    };
    return {
      apiPort: port('--api-port', values['api-port']),
      webPort: port('--web-port', values['web-port']),
      embedWebPort: values['embed-web-port'] === undefined ? null : port('--embed-web-port', values['embed-web-port']),
      dataDir: values.data,
      fresh: values.fresh,
      built: values.built,
      database: values['database-url'] ? databaseUrl(values['database-url'], '--database-url') : null,
    };
  });
}

/** `/demo/dashboard.html`, the dashboard's address before the service served it: the console, signed in as the demo's owner would. */
function consoleRedirect(consoleUrl: string): Plugin {
  const redirect: Connect.NextHandleFunction = (_req, res) => {
    res.statusCode = 302;
    res.setHeader('Location', consoleUrl);
    res.end();
  };
  return onBothServers('demo-console', '/demo/dashboard.html', redirect);
}

/** Serves `/thumbs/<name>.svg`, the demo's thumbnails, drawn from the name: on the dev server and on the built pages' server. */
function thumbnails(): Plugin {
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    const match = /^\/([a-z0-9-]{1,80})\.svg$/.exec(req.url ?? '');
    if (!match) return next();
    res.setHeader('Content-Type', 'image/svg+xml');
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.end(thumbnailSvg(match[1]!));
  };
  return onBothServers('demo-thumbnails', '/thumbs/', serve);
}

/** A handler for `path` on the dev server (`npm start`) and on the built pages' server (`--built`) alike. */
function onBothServers(name: string, path: string, handle: Connect.NextHandleFunction): Plugin {
  return {
    name,
    configureServer: (server) => void server.middlewares.use(path, handle),
    configurePreviewServer: (server) => void server.middlewares.use(path, handle),
  };
}

async function main() {
  const { apiPort, webPort, embedWebPort, dataDir, fresh, built, database } = options();
  const host = '127.0.0.1';
  const apiUrl = `http://${host}:${apiPort}`;
  const webUrl = `http://${host}:${webPort}`;
  const embedWebUrl = embedWebPort === null ? null : `http://${host}:${embedWebPort}`;
  const pageOrigins = embedWebUrl === null ? [webUrl] : [webUrl, embedWebUrl];
  if (fresh) rmSync(dataDir, { recursive: true, force: true });

  // The console's pages, as the server package ships them: the service serves the files built
  // (again only if what they are built from changed: test:unit has built them already).
  // Before the page's VITE_* variables are set, which are no input of the console's but would
  // count as one (freshBuild.mjs keys a build on them).
  const building = Date.now();
  if (await buildConsole()) console.log(`console: built in ${Date.now() - building} ms`);

  // Vite picks VITE_* variables from the environment for the page.
  process.env.VITE_SEARCH_API = apiUrl;
  process.env.VITE_SITE_KEY = SITE_KEY;

  const started = Date.now();
  const { documents, cached } = cachedCorpus({ thumbBase: webUrl });
  console.log(`corpus: ${documents.length.toLocaleString('en')} documents ${cached ? 'read from .cache/demo-corpus' : 'built'} in ${Date.now() - started} ms`);

  // The built pages (`--built`) need nothing the start-up makes next: they are built while
  // it indexes the corpus (the bundler runs on threads of its own), not after. Not while
  // the corpus is built, which holds this thread. The second page server's first, as it is
  // started first.
  const pageModes = embedWebPort === null ? ['development'] : ['embed-modules', 'development'];
  const outDir = (mode: string) => `${mode === 'embed-modules' ? '.data/vite-embed-modules' : '.data/vite'}-pages`;
  const pagesBuilt = built
    ? (async () => {
        const pagesStarted = Date.now();
        for (const mode of pageModes) await buildPages({ mode: mode === 'development' ? 'production' : mode, outDir: outDir(mode) });
        console.log(`pages: built in ${Date.now() - pagesStarted} ms`);
      })()
    : null;
  // Awaited before the pages are served; a start-up that fails first reports its own error.
  pagesBuilt?.catch(() => {});

  // A fresh SQLite data folder starts from the one kept after the same indexing (indexCache.ts).
  // Not on CI, which starts from a fresh clone: keeping would only cost it a restart.
  const kept = fresh && database === null && !process.env.CI ? indexCache([documents, BLOG_POSTS]) : null;
  const restored = kept?.restoreInto(dataDir) ?? false;
  if (restored) console.log(`indices: restored from .cache/demo-index`);

  // `traffic`: with the past traffic, loaded before the service listens (demoService.ts).
  // Not into a data folder that is kept for the next start: its events would be as old as it.
  const startService = (traffic: boolean) =>
    startDemoService({
      app: {
        dataDir,
        allowedOrigins: pageOrigins,
        // Clicks count only from the demo's own pages.
        statsAllowedOrigins: pageOrigins,
        logger: false,
        // The widget keeps to 5 searches a second, but the e2e tests run several browsers from one address
        // (whose widgets also report their searches to the stats endpoint).
        rateLimit: { max: 100, windowMs: 1000 },
        statsRateLimit: { max: 100, windowMs: 1000 },
        recommendations: RECOMMENDATIONS,
        indices: [{ publicKey: SITE_KEY, secret: SECRET }, BLOG, GUIDES],
        // The guides' site is the demo's own page server, on loopback: its port alone is opened to the crawler.
        crawlAllowPrivate: [`${host}:${webPort}`],
        crawlHostRate: 0,
        adminKey: ADMIN_KEY,
        ...(database !== null && { engine: postgresEngines(database) }),
      },
      port: apiPort,
      host,
      siteKey: SITE_KEY,
      traffic: traffic
        ? async (events) => {
            const loading = Date.now();
            const traffic = generatedTraffic(documents, { now: loading });
            // In-process, with past times: the stats endpoint stamps events with the time they arrive.
            await events.loadStats(traffic);
            console.log(`traffic: ${traffic.length.toLocaleString('en')} generated search and click events over 60 days loaded in ${Date.now() - loading} ms`);
          }
        : undefined,
    });
  // A data folder indexed here and kept gets its traffic once it is kept, as a restored one does.
  const keeping = !restored && kept !== null;
  let app = await startService(!keeping);
  const where = database === null ? `data in ${dataDir}` : `indices and events in PostgreSQL`;
  console.log(`service: listening on ${apiUrl} (indices "${SITE_KEY}", "${BLOG.publicKey}" and "${GUIDES.publicKey}", ${where})`);
  console.log(`admin key (local use only): ${ADMIN_KEY}`);
  if (database !== null) console.log(`a second node on the same indices: npm run serve -- --port ${apiPort + 1} --database-url '${database}'`);

  if (!restored) {
    await indexDocuments({ baseUrl: apiUrl, siteKey: SITE_KEY, secret: SECRET, documents });
    await indexDocuments({ baseUrl: apiUrl, siteKey: BLOG.publicKey, secret: BLOG.secret, documents: BLOG_POSTS, log: () => {} });
    if (kept) {
      // Kept closed, so that its databases are whole on disk; then the same service again.
      await app.close();
      kept.keep(dataDir);
      app = await startService(true);
    }
  }
  // Events are sent once, into a fresh data folder: a restart keeps what is there.
  const { recommendationEvents } = await app.eventStores.get(SITE_KEY).counts();
  if (recommendationEvents === 0) {
    await sendViewedTogether({ baseUrl: apiUrl, siteKey: SITE_KEY, secret: SECRET, dataset: 'views', events: viewedTogether(documents) });
  }

  const guides = guidePages(documents);
  await pagesBuilt;
  const pageServer = async (port: number, mode: string, cacheDir: string) => {
    if (built) {
      const server = await servedBuiltPages({
        outDir: outDir(mode),
        host,
        port,
        plugins: [thumbnails(), guidesSite(guides), consoleRedirect(`${apiUrl}/console/?index=${SITE_KEY}`)],
      });
      return { close: () => server.close() };
    }
    const server = await createServer({
      configFile: 'vite.config.ts',
      mode,
      plugins: [thumbnails(), guidesSite(guides), consoleRedirect(`${apiUrl}/console/?index=${SITE_KEY}`)],
      server: { host, port, strictPort: true },
      // A cache of this checkout's own (node_modules may be shared).
      cacheDir,
      // Only the demo's own pages are scanned for dependencies: demo/npm-app imports the
      // published package by name, which resolves only in an app that installed it.
      optimizeDeps: { entries: ['index.html', 'demo/*.html'] },
      clearScreen: false,
      logLevel: 'warn',
    });
    await server.listen();
    return { close: () => server.close() };
  };
  // The same page and service with the script-tag build's modules (vite.config.ts), in this
  // process: the browser tests run on both without starting the demo twice. Started first,
  // so it is up once the main page answers, which is what a test runner waits for.
  const embedWeb = embedWebPort === null ? null : await pageServer(embedWebPort, 'embed-modules', '.data/vite-embed-modules');
  const web = await pageServer(webPort, 'development', '.data/vite');
  // Crawled at every start, from the page server just started: a few pages, in the background.
  await crawlGuides(apiUrl, webUrl);
  console.log(
    `\n  Demo:      ${webUrl}/\n${embedWebUrl === null ? '' : `  Demo, script-tag modules: ${embedWebUrl}/\n`}  Console:   ${apiUrl}/console/ (index "${SITE_KEY}", secret "${SECRET}", or the admin key)\n  Related:   ${webUrl}/?item=<document id>\n  Guides (crawled, with sections): ${webUrl}/?site=guides\n  Several indices in the overlay: ${webUrl}/?sources=demo:Features,blog:Blog\n  Service:   ${apiUrl}/v1/search/${SITE_KEY}?term=flex\n\nPress Ctrl+C to stop.`,
  );

  const stopDemo = async () => {
    await web.close();
    await embedWeb?.close();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stopDemo);
  process.once('SIGTERM', stopDemo);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
