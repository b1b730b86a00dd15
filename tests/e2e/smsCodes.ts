import { existsSync, readFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { e2eServer } from './servers';

/**
 * How the end-to-end suite reads SMS codes. 消息记录 shows only that a code was sent, so the
 * e2e server runs with the test-only SMS_CODE_FILE (server/config.ts): the outbox sender appends every
 * code as a JSON line {mobile, purpose, code, at} to a file of its own (tests/e2e/servers.ts), which
 * playwright.config.ts hands to scripts/e2e-server.mjs (it empties the file at start and removes it at
 * exit). No product screen or API exposes a code, and the server refuses the setting under
 * NODE_ENV=production.
 */

/**
 * The newest code the running test's server (tests/e2e/servers.ts) sent to `mobile` (for `purpose`, if
 * given), or null when none was.
 */
export function latestSmsCode(mobile: string, purpose?: string): string | null {
  const file = e2eServer(test.info().parallelIndex).smsCodeFile;
  if (!existsSync(file)) return null;
  let found: string | null = null;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const sent = JSON.parse(line) as { mobile: string; purpose: string; code: string };
    if (sent.mobile === mobile && (!purpose || sent.purpose === purpose)) found = sent.code;
  }
  return found;
}
