// `npm run test:packages`: the packages as a user meets them. Packs site-search-widget and
// site-search-server (each `npm pack` builds its package first), installs the two
// tarballs into an empty folder, and from that install: starts `site-search-server`,
// feeds it with `site-search index`, searches with `site-search search` and with the
// widget package's client, checks `--help` and the widget's files, and that the service
// serves the console from its package, where an index's secret and the admin key sign in. Exits 1 naming
// the step that failed. With `--built` (as `npm test` runs it, right after the browser
// stage built the widget from the same checkout) the widget's dist is packed as it is,
// not built a second time.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'site-search-packages-'));
const app = join(work, 'app');
const built = process.argv.includes('--built');
const began = Date.now();
const step = (line) => console.log(`packages [${((Date.now() - began) / 1000).toFixed(0)} s]: ${line}`);
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

function fail(message) {
  console.error(`packages: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

/** Runs a bin of the install; resolves to its exit code and output. */
function run(bin, args, env = {}) {
  return new Promise((done) => {
    const child = spawn(join(app, 'node_modules', '.bin', bin), args, { cwd: app, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** Starts the installed service on a free port; resolves once it listens. */
function startServer() {
  const child = spawn(join(app, 'node_modules', '.bin', 'site-search-server'), ['--port', '0', '--data', join(app, 'data'), '--quiet'], {
    cwd: app,
    env: { ...process.env, SITE_SEARCH_ADMIN_KEY: ADMIN_KEY },
  });
  return new Promise((done, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match) done({ child, url: match[1] });
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('exit', (code) => reject(new Error(`site-search-server exited with ${code} before listening: ${out}`)));
  });
}

const ADMIN_KEY = 'packages-admin-key';

/** Signs in to the installed service; resolves to the session's cookie and CSRF token. */
async function signIn(url, body) {
  const answer = await fetch(`${url}/v2/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (answer.status !== 200) fail(`POST /v2/session answered ${answer.status}: ${await answer.text()}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, csrfToken: (await answer.json()).csrfToken };
}

/** The console from the installed package: its page, the files it names, and the sign-ins it makes. */
async function checkConsole(url) {
  const page = await fetch(`${url}/console/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="console">')) fail(`GET /console/ answered ${page.status} without the console's page`);
  const files = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => m[1]);
  if (!files.some((f) => f.endsWith('.js')) || !files.some((f) => f.endsWith('.css'))) fail(`the console's page names no script or stylesheet: ${files}`);
  for (const file of files) {
    const answer = await fetch(`${url}/console/${file}`);
    if (answer.status !== 200) fail(`GET /console/${file} answered ${answer.status}`);
  }
  const index = await signIn(url, { key: 'demo', secret: 'demo-secret' });
  const settings = await fetch(`${url}/v2/indices/demo/settings`, { headers: { cookie: index.cookie } });
  if (settings.status !== 200) fail(`the index's session read its settings with ${settings.status}`);
  const admin = await signIn(url, { adminKey: ADMIN_KEY });
  const listed = await fetch(`${url}/v2/indices`, { headers: { cookie: admin.cookie } });
  const keys = listed.status === 200 ? (await listed.json()).indices.map((i) => i.publicKey) : [];
  if (!keys.includes('demo')) fail(`the admin session listed the indices with ${listed.status}: ${keys}`);
  const out = await fetch(`${url}/v2/session`, { method: 'DELETE', headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken } });
  const after = await fetch(`${url}/v2/session`, { headers: { cookie: admin.cookie } });
  if (out.status >= 300 || after.status !== 401) fail(`sign-out answered ${out.status}, then the session answered ${after.status}`);
}

let server;
try {
  step(`packing site-search-widget (${built ? 'built already' : 'built first'}) and site-search-server (built first)`);
  npm(['pack', '--silent', '--pack-destination', work, ...(built ? ['--ignore-scripts'] : [])], repo);
  npm(['pack', '--silent', '--pack-destination', work, '-w', 'site-search-server'], repo);
  const tarballs = readdirSync(work).filter((f) => f.endsWith('.tgz'));
  for (const name of ['site-search-widget-', 'site-search-server-']) {
    if (!tarballs.some((f) => f.startsWith(name))) fail(`no ${name}*.tgz was packed (got ${tarballs.join(', ') || 'none'})`);
  }

  step(`installing ${tarballs.join(' and ')} into an empty folder`);
  execFileSync('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs.map((f) => join(work, f))], app);

  for (const [bin, usage] of [
    ['site-search-server', 'Usage: site-search-server'],
    ['site-search', 'Usage: site-search'],
  ]) {
    const help = await run(bin, ['--help']);
    if (help.code !== 0 || !help.stdout.startsWith(usage)) fail(`${bin} --help: exit ${help.code}, ${help.stdout.slice(0, 80)}${help.stderr}`);
  }
  step('site-search-server --help and site-search --help answer');

  server = await startServer();
  step(`site-search-server listens on ${server.url}`);
  const env = { SITE_SEARCH_URL: server.url, SITE_SEARCH_KEY: 'demo', SITE_SEARCH_SECRET: 'demo-secret' };
  const docs = join(app, 'docs.ndjson');
  writeFileSync(
    docs,
    [
      { id: 'grid', url: 'https://example.com/grid', title: 'Grid layout', main_content: 'Place boxes on a grid with rows and columns.' },
      { id: 'flex', url: 'https://example.com/flex', title: 'Flexbox', main_content: 'Lay boxes out in one direction.' },
    ]
      .map((d) => `${JSON.stringify(d)}\n`)
      .join(''),
  );
  const indexed = await run('site-search', ['index', docs], env);
  if (indexed.code !== 0) fail(`site-search index: exit ${indexed.code}: ${indexed.stderr}`);
  // Indexing is asynchronous: a document is searchable a moment after the batch is taken.
  let hits = [];
  for (let i = 0; i < 50 && hits.length === 0; i++) {
    const searched = await run('site-search', ['search', 'grid', '--json'], env);
    if (searched.code !== 0) fail(`site-search search: exit ${searched.code}: ${searched.stderr}`);
    hits = JSON.parse(searched.stdout).hits;
    if (hits.length === 0) await new Promise((r) => setTimeout(r, 100));
  }
  if (hits[0]?.id !== 'grid') fail(`site-search search grid found ${JSON.stringify(hits.map((h) => h.id))}, not the grid page first`);
  step('site-search index and search work against it');

  const client = `
    import { createClient } from 'site-search-widget/client';
    const answer = await createClient({ siteKey: 'demo', baseUrl: ${JSON.stringify(server.url)} }).search({ term: 'flexbox' });
    console.log(answer.hits[0]?.id);
  `;
  const first = execFileSync(process.execPath, ['--input-type=module', '-e', client], { cwd: app, encoding: 'utf8' }).trim();
  if (first !== 'flex') fail(`the widget package's client searched "flexbox" and got ${first} first`);
  for (const file of [
    'dist/embed/site-search.js',
    'dist/embed/site-search.css',
    'dist/embed/site-search.de.js',
    'dist/embed/site-search.more.js',
    'dist/lib/style.css',
    'dist/types/index.d.ts',
  ]) {
    if (!existsSync(join(app, 'node_modules', 'site-search-widget', file))) fail(`site-search-widget lacks ${file}`);
  }
  step("the widget package's client searches it; the script-tag files and types are in the package");

  await checkConsole(server.url);
  step('the service serves the console from its package; an index secret and the admin key sign in, and sign-out ends the session');

  const exited = new Promise((done) => server.child.on('exit', done));
  server.child.kill('SIGTERM');
  const code = await exited;
  server = undefined;
  if (code !== 0) fail(`site-search-server exited with ${code} on SIGTERM`);
  step('site-search-server stops on SIGTERM; every package installs and runs');
} catch (error) {
  if (process.exitCode !== 1) console.error(`packages: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  server?.child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
