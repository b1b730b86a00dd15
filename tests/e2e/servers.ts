import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The suite runs E2E_WORKERS Playwright workers at once, each against a server of
 * its own on its own data folder (scripts/e2e-server.mjs): worker n (its parallelIndex, which a worker
 * started again after a failure keeps) talks to the server on E2E_PORT + n only, so one spec's changes
 * never meet another spec running at the same time. playwright.config.ts starts the servers;
 * tests/e2e/fixtures.ts hands each worker its own. One by default (the files one after another): two
 * (E2E_WORKERS=2) have not yet had two clean full runs on the 2-core CI machine (docs/operations.md).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const FIRST_PORT = Number(process.env.E2E_PORT ?? 18080);

export interface E2eServer {
  port: number;
  baseURL: string;
  /** The test-only file the server appends SMS codes to (tests/e2e/smsCodes.ts). */
  smsCodeFile: string;
}

export function e2eServer(parallelIndex: number): E2eServer {
  const port = FIRST_PORT + parallelIndex;
  return { port, baseURL: `http://127.0.0.1:${port}/zbzj/`, smsCodeFile: path.join(tmpdir(), `zbzj-e2e-sms-${port}.jsonl`) };
}

export const e2eServers: E2eServer[] = Array.from({ length: E2E_WORKERS }, (_, index) => e2eServer(index));
