// The real server on a throw-away data folder, for the Playwright suite and the benchmark.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerIfStale, runServer } from './lib.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'zbzj-e2e-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: process.env.PORT ?? '18080',
  HOST: '127.0.0.1',
  // The suites sign in many times a minute from one address; the limiter itself is covered by server tests.
  LOGIN_RATE_MAX: process.env.LOGIN_RATE_MAX ?? '1000',
};
delete env.DATABASE_URL;
// Test-only: the outbox sender appends SMS codes here (playwright.config.ts, tests/e2e/smsCodes.ts).
const codeFile = env.SMS_CODE_FILE;
if (codeFile) writeFileSync(codeFile, '');
const cleanup = () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (codeFile) rmSync(codeFile, { force: true });
};
process.on('exit', cleanup);
const built = await buildServerIfStale();
if (built !== 0) process.exit(built);
process.exit(await runServer({ env }));
