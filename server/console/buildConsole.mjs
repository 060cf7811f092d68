// Builds the console's pages (vite.config.ts beside this file) into static/, unless the
// last build read the same files (../../freshBuild.mjs): `npm run build:console`, the demo's
// start-up and the server package's build each call it, so one `npm test` builds it once.
// `node server/console/buildConsole.mjs --force` builds it whatever the stamp says.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { freshBuild, moduleFile } from '../../freshBuild.mjs';

const config = fileURLToPath(new URL('vite.config.ts', import.meta.url));

/** The plugin that lists every module the build read, as files of the repository. */
function modulesRead(files) {
  return {
    name: 'console-modules-read',
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const file = moduleFile(id);
        if (file !== null) files.push(file);
      }
    },
  };
}

/** Builds the console unless its pages are fresh; resolves to whether it built. */
export function buildConsole({ force = false, log = console.log } = {}) {
  return freshBuild({
    name: 'console',
    // The app's folder (its page and icon are no modules), the config and the lock file;
    // the modules read elsewhere (src/client, node_modules) are what the build reports.
    inputs: ['server/console/app', config, 'package-lock.json', 'server/console/buildConsole.mjs', 'freshBuild.mjs'],
    outputs: ['server/console/static'],
    force,
    log,
    build: async () => {
      const files = [];
      await build({ configFile: config, plugins: [modulesRead(files)] });
      return files;
    },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const built = await buildConsole({ force: process.argv.includes('--force') });
  if (built) console.log(`console: built in ${Date.now() - started} ms`);
}
