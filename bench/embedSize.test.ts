import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, expect, test } from 'vitest';
import { fileSize, kib } from './bundleSize.ts';
import { EMBED_BUDGET_BYTES, EMBED_CEILING_BYTES, EMBED_FILES } from './sizeBudget.ts';

const outDir = mkdtempSync(join(tmpdir(), 'site-search-embed-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// Builds the script-tag file the way `npm run build` does (same config, mode `embed`),
// into a folder of its own so that it neither needs nor touches dist/.
test('the script-tag build (JS + CSS, brotli) does not grow past its ceiling on the way to its budget', async () => {
  // Vitest sets NODE_ENV=test, which would make Vite build for development.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ mode: 'embed', logLevel: 'silent', build: { outDir, sourcemap: false } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const sizes = EMBED_FILES.map((file) => fileSize(join(outDir, file)));
  const total = sizes.reduce((sum, s) => sum + s.brotli, 0);
  const detail = sizes.map((s) => `${s.file.split('/').pop()} ${kib(s.brotli)}`).join(', ');
  const limit = Math.max(EMBED_BUDGET_BYTES, EMBED_CEILING_BYTES);
  const message = `${kib(total)} KiB brotli (${detail}); ceiling ${kib(limit)} KiB, budget ${kib(EMBED_BUDGET_BYTES)} KiB`;
  expect(total, message).toBeLessThanOrEqual(limit);
}, 60_000);
