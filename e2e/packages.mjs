// `npm run test:packages`: the packages as a user meets them. Packs site-search-widget and
// site-search-server (each `npm pack` builds its package first), installs the two
// tarballs into an empty folder, and from that install: starts `site-search-server`,
// feeds it with `site-search index`, searches with `site-search search` and with the
// widget package's client, checks `--help` and the widget's files, and that the service
// serves the console from its package, where an index's secret and the admin key sign in;
// then installs the widget's tarball into a fresh React app and a fresh Vue app and
// type-checks each against `site-search-widget/react` and `/vue`. Exits 1 naming
// the step that failed. Each package's build (its `prepack`) reuses what an earlier stage
// built when nothing it is built from has changed (freshBuild.mjs), so in `npm test`, right
// after the browser stage, neither the widget nor the console is built a second time.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'site-search-packages-'));
const app = join(work, 'app');
const began = Date.now();
const step = (line) => console.log(`packages [${((Date.now() - began) / 1000).toFixed(0)} s]: ${line}`);
const devDependencies = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).devDependencies;
/** `name@range` as the repository's own devDependencies have it, so the install finds it in the local cache. */
const pinned = (name) => `${name}@${devDependencies[name]}`;
const npm = (args, cwd, env = process.env) => execFileSync('npm', args, { cwd, encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'inherit'] });

/**
 * The environment for installing the service: better-sqlite3's install script looks for a
 * prebuilt binary (prebuild-install) before it compiles SQLite from source, which took most
 * of this stage (minutes of CPU). The binary the repository's own install built is handed to
 * it as a local prebuild, named as the script looks for it; the script still runs. When the
 * install resolves another version, the name does not match and it compiles, as before.
 */
function withLocalPrebuild() {
  const from = join(repo, 'node_modules', 'better-sqlite3');
  const binary = join('build', 'Release', 'better_sqlite3.node');
  if (!existsSync(join(from, binary))) return process.env;
  const { version } = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8'));
  const prebuilds = join(work, 'prebuilds');
  mkdirSync(prebuilds);
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', join(prebuilds, name), '-C', from, binary]);
  return { ...process.env, npm_config_better_sqlite3_local_prebuilds: prebuilds };
}

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

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: [],
  },
};

/** The React app's files: the component with every kind of prop, a ref and a callback, and `<site-search>` in JSX; and a mistake of each kind that must not type-check. */
const REACT_APP = {
  'main.tsx': `
    import { useRef } from 'react';
    import { createRoot } from 'react-dom/client';
    import { SiteSearch, type SiteSearchHandle } from 'site-search-widget/react';
    import 'site-search-widget/style.css';

    function App() {
      const search = useRef<SiteSearchHandle>(null);
      return (
        <>
          <button onClick={() => search.current?.search('grid')}>Grid</button>
          <SiteSearch ref={search} siteKey="demo" baseUrl="https://search.example.com" layout="overlay" facets={[{ field: 'area', label: 'Area' }]} url={{ prefix: 's_' }} analytics={{ requireConsent: true }} onResults={(r) => console.log(r.total_hits)} className="search" />
          <site-search site-key="demo" api="https://search.example.com" facets="area:Area" shortcut />
          {/* @ts-expect-error baseUrl is required */}
          <SiteSearch siteKey="demo" />
          {/* @ts-expect-error no such layout */}
          <SiteSearch siteKey="demo" baseUrl="https://search.example.com" layout="sidebar" />
          {/* @ts-expect-error no such layout (JSX leaves undeclared attributes with a hyphen unchecked) */}
          <site-search site-key="demo" api="https://search.example.com" layout="sidebar" />
        </>
      );
    }
    createRoot(document.body).render(<App />);
  `,
  'tsconfig.json': JSON.stringify({ ...TSCONFIG, include: ['main.tsx'] }),
};

/** The Vue app's files, the same in a single-file component. */
const VUE_APP = {
  'App.vue': `
    <script setup lang="ts">
    import { useTemplateRef } from 'vue';
    import { SiteSearch, type SiteSearchHandle } from 'site-search-widget/vue';
    import type { SearchResponse } from 'site-search-widget';
    const search = useTemplateRef<SiteSearchHandle>('search');
    const counted = (response: SearchResponse) => console.log(response.total_hits);
    </script>
    <template>
      <button @click="search?.search('grid')">Grid</button>
      <SiteSearch ref="search" site-key="demo" base-url="https://search.example.com" layout="overlay" :facets="[{ field: 'area', label: 'Area' }]" :url="{ prefix: 's_' }" :analytics="{ requireConsent: true }" class="search" @results="counted" />
      <!-- @vue-expect-error no such layout -->
      <SiteSearch site-key="demo" base-url="https://search.example.com" layout="sidebar" />
    </template>
  `,
  // Apart: in a file that imports SiteSearch, Vue reads <site-search> as that component.
  'Element.vue': `
    <script setup lang="ts">
    import type {} from 'site-search-widget/vue';
    </script>
    <template>
      <site-search site-key="demo" api="https://search.example.com" facets="area:Area" shortcut />
      <!-- @vue-expect-error no such attribute -->
      <site-search site-key="demo" api="https://search.example.com" site-id="demo" />
    </template>
  `,
  'main.ts': `
    import { createApp } from 'vue';
    import App from './App.vue';
    createApp(App).mount('#app');
  `,
  'env.d.ts': `declare module '*.vue' { import type { DefineComponent } from 'vue'; const component: DefineComponent; export default component; }\n`,
  'tsconfig.json': JSON.stringify({
    ...TSCONFIG,
    compilerOptions: { ...TSCONFIG.compilerOptions, jsx: 'preserve' },
    vueCompilerOptions: { strictTemplates: true },
    include: ['env.d.ts', 'main.ts', 'App.vue', 'Element.vue'],
  }),
};

/** A fresh app in `work/name` with the widget's tarball, Preact and `packages` installed and `files` written; `check` (a bin of the install) must pass on it. */
function frameworkApp(name, tarball, packages, files, check) {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  npm(
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      tarball,
      ...['preact', '@preact/signals', 'typescript', ...packages].map(pinned),
    ],
    dir,
  );
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text.replace(/^\n/, ''));
  try {
    execFileSync(join(dir, 'node_modules', '.bin', check), ['-p', '.'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    fail(`${check} found errors in a fresh ${name}: ${error.stdout}${error.stderr}`);
  }
}

let server;
try {
  step('packing site-search-widget and site-search-server (each built first, unless its build is fresh)');
  npm(['pack', '--silent', '--pack-destination', work], repo);
  npm(['pack', '--silent', '--pack-destination', work, '-w', 'site-search-server'], repo);
  const tarballs = readdirSync(work).filter((f) => f.endsWith('.tgz'));
  for (const name of ['site-search-widget-', 'site-search-server-']) {
    if (!tarballs.some((f) => f.startsWith(name))) fail(`no ${name}*.tgz was packed (got ${tarballs.join(', ') || 'none'})`);
  }

  step(`installing ${tarballs.join(' and ')} into an empty folder`);
  execFileSync('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs.map((f) => join(work, f))], app, withLocalPrebuild());
  const sqliteVersion = (folder) => JSON.parse(readFileSync(join(folder, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')).version;
  const installed = sqliteVersion(app);
  const same = installed === sqliteVersion(repo);
  step(
    `installed, with better-sqlite3 ${installed}${same ? ", the repository's version, whose binary was offered as a local prebuild" : ": not the repository's version, so compiled from source"}`,
  );

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
    'dist/embed/site-search.related.js',
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

  const widget = join(
    work,
    tarballs.find((f) => f.startsWith('site-search-widget-')),
  );
  frameworkApp('react-app', widget, ['react', 'react-dom', '@types/react', '@types/react-dom'], REACT_APP, 'tsc');
  step('a fresh React app installs the widget and type-checks its component and <site-search> against site-search-widget/react');
  frameworkApp('vue-app', widget, ['vue', 'vue-tsc'], VUE_APP, 'vue-tsc');
  step('a fresh Vue app installs the widget and type-checks its component and <site-search> against site-search-widget/vue');
} catch (error) {
  if (process.exitCode !== 1) console.error(`packages: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  server?.child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
