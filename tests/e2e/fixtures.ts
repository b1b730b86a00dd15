import { test as base } from '@playwright/test';
import { e2eServer, type E2eServer } from './servers';

/**
 * Playwright's `test` with each worker on its own server (tests/e2e/servers.ts): `baseURL`, and with it
 * every page, context and request a spec opens — in beforeAll hooks too — points at the worker's server.
 * Specs import `test` from here, not from @playwright/test.
 */
export const test = base.extend<object, { server: E2eServer }>({
  server: [
    // Playwright reads a fixture's dependencies from its first parameter: it must be a destructuring.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      await use(e2eServer(workerInfo.parallelIndex));
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});
