/**
 * The pages the browser benchmarks load, served from this process on loopback: the
 * script-tag build from dist/, the demo's thumbnails, a canned search answer for the
 * rendering benchmark (so it times the widget, not the service), and the typing
 * benchmark's Autocomplete page, bundled here from bench/autocompletePage.ts.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { thumbnailSvg } from '../demo/corpus/thumbnails.ts';

export interface PageServer {
  origin: string;
  /** The body every `GET /canned/v1/search/...` answers with. */
  setCanned(body: string): void;
  close(): Promise<void>;
}

const SCRIPT = (attributes: string) =>
  `<link rel="stylesheet" href="/dist/embed/site-search.css"><script src="/dist/embed/site-search.js" ${attributes}></script>`;

/** A page with some ordinary content, with or without the widget's script tag. */
function page(title: string, widget: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><header><h1>${title}</h1><p>An ordinary page of a documentation site.</p></header><main id="main">${widget}</main></body></html>`;
}

/** The Autocomplete page's script, minified as a site would ship it. */
async function autocompleteScript(repo: string): Promise<string> {
  const result = await build({
    entryPoints: [join(repo, 'bench/autocompletePage.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

export async function startPageServer(repo: string): Promise<PageServer> {
  let canned = '{}';
  const autocomplete = await autocompleteScript(repo);
  const files = new Map<string, Buffer>();
  const file = (path: string) => {
    let bytes = files.get(path);
    if (bytes === undefined) files.set(path, (bytes = readFileSync(join(repo, path))));
    return bytes;
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
      response.end(body);
    };
    const api = url.searchParams.get('api') ?? '';
    if (url.pathname === '/typing.html') {
      // The widget as a site owner embeds it, talking to the reference service.
      return send(200, 'text/html', page('Typing', SCRIPT(`data-site-key="demo" data-api="${api.replace(/"/g, '')}"`)));
    }
    if (url.pathname === '/typing-autocomplete.html') {
      // Algolia Autocomplete on the same kind of page, talking to the same service (?api=).
      return send(
        200,
        'text/html',
        page('Typing', '<link rel="stylesheet" href="/bench/autocomplete.css"><div id="autocomplete"></div><script src="/bench/autocomplete.js"></script>'),
      );
    }
    if (url.pathname === '/bench/autocomplete.js') return send(200, 'text/javascript', autocomplete);
    // Its classic theme, as a site would load it.
    if (url.pathname === '/bench/autocomplete.css') return send(200, 'text/css', file('node_modules/@algolia/autocomplete-theme-classic/dist/theme.min.css'));
    if (url.pathname === '/blank.html') return send(200, 'text/html', page('Without the widget', ''));
    if (url.pathname === '/loaded.html') {
      return send(200, 'text/html', page('With the widget', SCRIPT(`data-site-key="demo" data-api="${origin()}/canned"`)));
    }
    // The build loaded, nothing mounted: the rendering benchmark mounts by hand.
    if (url.pathname === '/render.html') return send(200, 'text/html', page('Rendering', `${SCRIPT('')}<div id="widget"></div>`));
    if (url.pathname.startsWith('/canned/v1/search/')) return send(200, 'application/json', canned);
    if (url.pathname.startsWith('/canned/')) return send(200, 'application/json', '{"hits":[]}');
    const thumb = /^\/thumbs\/([a-z0-9-]{1,80})\.svg$/.exec(url.pathname);
    if (thumb !== null) return send(200, 'image/svg+xml', thumbnailSvg(thumb[1]!));
    const dist = /^\/(dist\/embed\/site-search\.(?:js|css|more\.js))$/.exec(url.pathname);
    if (dist !== null) return send(200, dist[1]!.endsWith('.js') ? 'text/javascript' : 'text/css', file(dist[1]!));
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = () => {
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  };
  return {
    origin: origin(),
    setCanned: (body) => {
      canned = body;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
