// A build that runs only when what it is built from has changed: `npm test`'s stages each
// need the console and the widget built, and each stage alone must still get a fresh build.
// After a build, a stamp in .cache/builds/ keeps a hash of its inputs and of its outputs;
// the next call builds again unless both hashes still hold. Hashes, not modification
// times: a checkout or a copy sets those without changing a byte.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';

const repo = import.meta.dirname;
const STAMPS = join(repo, '.cache', 'builds');
/** Files no build reads: a test's edit should not cost a build. */
const NOT_INPUT = /\.test\.[cm]?[jt]sx?$/;

/** Every file named or under a folder named in `paths` (from the repository's root, or absolute), sorted, tests left out. */
export function filesUnder(paths) {
  const files = new Set();
  for (const path of paths) {
    const full = resolve(repo, path);
    if (!existsSync(full)) {
      // A missing input is part of the hash too: its coming back changes it.
      files.add(relative(repo, full));
    } else if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
        if (entry.isFile() && !NOT_INPUT.test(entry.name)) files.add(relative(repo, join(entry.parentPath, entry.name)));
      }
    } else files.add(relative(repo, full));
  }
  return [...files].sort();
}

/** One hash of the files' names and bytes, and of the build's environment (Vite bakes `VITE_*` variables in). */
export function hashOf(files, environment = {}) {
  const hash = createHash('sha256').update(JSON.stringify(environment));
  for (const file of files) {
    const full = resolve(repo, file);
    hash.update(`\0${file}\0`).update(existsSync(full) ? readFileSync(full) : 'missing');
  }
  return hash.digest('hex');
}

/** The variables a Vite build reads from the environment. */
function buildEnvironment() {
  return Object.fromEntries(
    Object.entries(process.env)
      .filter(([name]) => name.startsWith('VITE_') || name === 'NODE_ENV')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** A module id of a build as a file of the repository, or null for a virtual one. */
export function moduleFile(id) {
  const file = id.split('?')[0];
  return !file || file.startsWith('\0') || !isAbsolute(file) ? null : relative(repo, file);
}

/**
 * Runs `build` unless a build from the same inputs left outputs that are still there,
 * unchanged. `inputs` and `outputs` are files or folders from the repository's root;
 * `build` may resolve to more input files (the modules a bundler read), kept in the stamp
 * and hashed on the next call. Resolves to whether it built.
 */
export async function freshBuild({ name, inputs, outputs, build, force = false, log = console.log }) {
  const stampFile = join(STAMPS, `${name}.json`);
  const environment = buildEnvironment();
  let stamp = null;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    // No build recorded yet.
  }
  if (!force && stamp !== null) {
    const same =
      hashOf(filesUnder(inputs), environment) === stamp.inputs &&
      hashOf(filesUnder(stamp.modules)) === stamp.modulesRead &&
      hashOf(filesUnder(outputs)) === stamp.outputs;
    if (same) {
      log(`${name}: reused, nothing it is built from has changed since it was built`);
      return false;
    }
  }
  // Hashed before the build: an edit made while it runs makes the next call build again.
  // (The modules a bundler read are known after it only.)
  const inputsHash = hashOf(filesUnder(inputs), environment);
  rmSync(stampFile, { force: true });
  const staticInputs = new Set(filesUnder(inputs));
  const modules = filesUnder((await build()) ?? []).filter((file) => !staticInputs.has(file));
  const record = { inputs: inputsHash, modules, modulesRead: hashOf(modules), outputs: hashOf(filesUnder(outputs)) };
  mkdirSync(STAMPS, { recursive: true });
  // Written whole or not at all.
  const partial = `${stampFile}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(record));
  renameSync(partial, stampFile);
  return true;
}
