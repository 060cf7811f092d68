import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fileSize, kib } from './bundleSize.ts';
import {
  EMBED_BUDGET_BYTES,
  EMBED_CEILING_BYTES,
  EMBED_FILES,
  EMBED_LATER_CEILING_BYTES,
  EMBED_LATER_FILE,
  EMBED_SOURCES_CEILING_BYTES,
  EMBED_SOURCES_FILES,
} from './sizeBudget.ts';

const outDir = mkdtempSync(join(tmpdir(), 'site-search-embed-'));
let moduleIds: string[] = [];

// Builds the script-tag file the way `npm run build` does (same config, mode `embed`),
// into a folder of its own so that it neither needs nor touches dist/.
beforeAll(async () => {
  // Vitest sets NODE_ENV=test, which would make Vite build for development.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const output = (await build({ mode: 'embed', logLevel: 'silent', build: { outDir, sourcemap: false } })) as Rollup.RollupOutput[];
    moduleIds = output.flatMap(({ output: files }) => files.flatMap((file) => (file.type === 'chunk' ? file.moduleIds : [])));
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

test('the part loaded when needed (site-search.more.js, brotli) does not grow past its ceiling', () => {
  const { brotli } = fileSize(join(outDir, EMBED_LATER_FILE));
  expect(brotli, `${brotli} bytes brotli; ceiling ${EMBED_LATER_CEILING_BYTES}`).toBeLessThanOrEqual(EMBED_LATER_CEILING_BYTES);
});

test('the part of several indices (site-search.sources.js and .css, brotli) does not grow past its ceiling', () => {
  const sizes = EMBED_SOURCES_FILES.map((file) => fileSize(join(outDir, file)));
  const total = sizes.reduce((sum, s) => sum + s.brotli, 0);
  const detail = sizes.map((s) => `${s.file.split('/').pop()} ${s.brotli}`).join(', ');
  expect(total, `${total} bytes brotli (${detail}); ceiling ${EMBED_SOURCES_CEILING_BYTES}`).toBeLessThanOrEqual(EMBED_SOURCES_CEILING_BYTES);
});

test('the ceiling of the first load is within its budget', () => {
  expect(EMBED_CEILING_BYTES).toBeLessThanOrEqual(EMBED_BUDGET_BYTES);
});

test('the script-tag build (JS + CSS, brotli) does not grow past its ceiling', () => {
  const sizes = EMBED_FILES.map((file) => fileSize(join(outDir, file)));
  const total = sizes.reduce((sum, s) => sum + s.brotli, 0);
  const detail = sizes.map((s) => `${s.file.split('/').pop()} ${s.brotli}`).join(', ');
  const message = `${total} bytes brotli (${detail}); ceiling ${EMBED_CEILING_BYTES}, budget ${EMBED_BUDGET_BYTES} (${kib(EMBED_BUDGET_BYTES)} KiB)`;
  expect(total, message).toBeLessThanOrEqual(EMBED_CEILING_BYTES);
});

// Issue #14: the script tag runs on the same Preact, hooks and signals as the npm package,
// so that both behave alike. A leaner copy swapped in to save bytes fails here.
test('the script-tag build bundles the official preact, preact/hooks and @preact/signals', () => {
  const packageOf = (id: string) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
  const files = (name: string) => moduleIds.filter((id) => packageOf(id) === name).map((id) => id.replace(/.*\/node_modules\//, ''));
  expect(files('preact')).toEqual(expect.arrayContaining([expect.stringMatching(/^preact\/dist\//), expect.stringMatching(/^preact\/hooks\/dist\//)]));
  expect(files('@preact/signals')).toEqual([expect.stringMatching(/^@preact\/signals\/dist\//)]);
  expect(files('@preact/signals-core')).toEqual([expect.stringMatching(/^@preact\/signals-core\/dist\//)]);
});
