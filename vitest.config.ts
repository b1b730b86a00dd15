import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { aliases } from './vite-plugins/aliases.js';
import { buildDefines } from './vite-plugins/buildDefines.js';

/** Server test files that mock a module: they run isolated (the `server-isolated` project). */
const SERVER_MOCKING_FILES = ['tests/server/signatureHash.test.ts'];

export default defineConfig({
  resolve: { alias: aliases },
  define: buildDefines(),
  test: {
    // vitest's default is one worker fewer than the cores: on the 2-core CI machine a single worker, so every
    // file waited for the one before and the second core idled. Two workers there (docs/operations.md, 测试耗时).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          globals: true,
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.clock.ts', 'tests/setup.client.ts'],
          css: false,
          // The app reads its VITE_* settings at start; tests use the development values.
          env: loadEnv('development', process.cwd(), 'VITE_'),
          // antd renders whole pages in jsdom; the first render of a lazily loaded page is slow.
          testTimeout: 20000,
          // As the e2e suite in CI: a test that fails and then passes is reported as flaky, not hidden.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        // The domain core's own tests (rules, formats, signing, definitions): no DOM, so no jsdom to start.
        extends: true,
        test: {
          name: 'domain',
          environment: 'node',
          include: ['tests/domain/**/*.test.ts'],
          setupFiles: ['tests/setup.clock.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: SERVER_MOCKING_FILES,
          globalSetup: ['tests/server/globalSetup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          // Each file builds its own app on its own database (tests/server/helpers.ts), so files share no
          // state but the loaded modules: a worker loads the server's modules and PGlite's compiled WebAssembly
          // once instead of once a file (about 4 s of every file on this machine; docs/operations.md, 测试耗时).
          // On PostgreSQL the shared modules answered 500 in whichever of shareLinks / audit ran late in a worker
          // (cause not found yet; PGlite was green): that pass keeps a module cache per file (docs/operations.md).
          isolate: Boolean(process.env.TEST_DATABASE_URL),
        },
      },
      {
        // Files that replace a module (vi.mock) keep a module cache of their own.
        extends: true,
        test: {
          name: 'server-isolated',
          environment: 'node',
          include: SERVER_MOCKING_FILES,
          globalSetup: ['tests/server/globalSetup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
