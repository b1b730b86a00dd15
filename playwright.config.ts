import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, e2eServers } from './tests/e2e/servers';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // One worker a core, each with a server and data folder of its own (tests/e2e/servers.ts): a spec file
  // sees only the changes of the files before it in its own worker. Files run in order within a worker.
  workers: E2E_WORKERS,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // Each worker's own server: tests/e2e/fixtures.ts sets baseURL per worker; this is the first one's.
    baseURL: e2eServers[0].baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: browsers cannot be downloaded on this machine.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: e2eServers.map((server) => ({
    command: `node scripts/e2e-server.mjs`,
    // SMS_CODE_FILE: the test-only channel the suite reads SMS codes from (tests/e2e/smsCodes.ts).
    env: { PORT: String(server.port), SMS_CODE_FILE: server.smsCodeFile },
    url: server.baseURL,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
