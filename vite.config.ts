import { defineConfig } from 'vitest/config';

// One config for the library build, the demo's dev server and the unit tests.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['server/**/*.test.ts', 'demo/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          // Service tests start real HTTP servers on loopback; keep them off the
          // other project's workers' toes.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
