import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * How the end-to-end suite reads SMS codes. 短信记录 shows only that a code was sent, so the
 * e2e server runs with the test-only SMS_CODE_FILE (server/config.ts): the outbox sender appends every
 * code as a JSON line {mobile, purpose, code, at} to this file, which playwright.config.ts hands to
 * scripts/e2e-server.mjs (it empties the file at start and removes it at exit). No product screen or API
 * exposes a code, and the server refuses the setting under NODE_ENV=production.
 */
export const SMS_CODE_FILE = path.join(tmpdir(), `zbzj-e2e-sms-${process.env.E2E_PORT ?? 18080}.jsonl`);

/** The newest code sent to `mobile` (for `purpose`, if given), or null when none was. */
export function latestSmsCode(mobile: string, purpose?: string): string | null {
  if (!existsSync(SMS_CODE_FILE)) return null;
  let found: string | null = null;
  for (const line of readFileSync(SMS_CODE_FILE, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const sent = JSON.parse(line) as { mobile: string; purpose: string; code: string };
    if (sent.mobile === mobile && (!purpose || sent.purpose === purpose)) found = sent.code;
  }
  return found;
}
