import { defineConfig } from '@playwright/test';
import { SMS_CODE_FILE } from './tests/e2e/smsCodes';

const port = Number(process.env.E2E_PORT ?? 18080);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Two cores: one browser at a time keeps timings stable and the server responsive.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}/zbzj/`,
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
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    // SMS_CODE_FILE: the test-only channel the suite reads SMS codes from (tests/e2e/smsCodes.ts).
    env: { PORT: String(port), SMS_CODE_FILE },
    url: `http://127.0.0.1:${port}/zbzj/`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
