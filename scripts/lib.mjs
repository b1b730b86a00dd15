// Small helpers shared by the project scripts (start, test, bench, e2e server).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Runs a project binary (from node_modules/.bin) and resolves with its exit code. */
export function run(name, args = [], options = {}) {
  return new Promise((resolve) => {
    const child = spawn(bin(name), args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** A build output is stale when anything it is built from changed after it was written. */
function isStale(output, inputs) {
  const built = join(root, output);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return inputs.some((p) => newestMtime(join(root, p)) > builtAt);
}

export function distIsStale() {
  return isStale('dist/index.html', ['src', 'domain', 'public', 'index.html', 'vite.config.ts', '.env.production', 'package.json']);
}

export async function buildIfStale() {
  if (!distIsStale()) return 0;
  console.log('[zbzj] 正在构建前端 (vite build)…');
  return run('vite', ['build', '--logLevel', 'warn']);
}

/** The compiled production server (vite.server.config.ts): what `npm start` and the e2e suite run. */
export const SERVER_ENTRY = join(root, 'build', 'server', 'main.js');

export async function buildServerIfStale() {
  if (!isStale('build/server/main.js', ['server', 'domain', 'vite.server.config.ts', 'package.json'])) return 0;
  console.log('[zbzj] 正在编译服务器 (vite build --config vite.server.config.ts)…');
  // Built beside and swapped in, so a server already running from build/server (or a second build
  // started at the same time) never sees a half-written directory.
  const fresh = join(root, 'build', `server.${process.pid}`);
  const code = await run('vite', ['build', '--config', 'vite.server.config.ts', '--outDir', fresh]);
  if (code !== 0) return code;
  rmSync(join(root, 'build', 'server'), { recursive: true, force: true });
  try {
    renameSync(fresh, join(root, 'build', 'server'));
  } catch {
    rmSync(fresh, { recursive: true, force: true }); // another build got there first with the same sources
  }
  return 0;
}

/**
 * Runs the compiled server with plain node, forwarding SIGINT/SIGTERM to it and exiting with its code:
 * the supervisor's signal reaches the server itself, and nothing waits on a stuck child for longer than
 * the server's own watchdog allows.
 */
export function runServer(options = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { cwd: root, stdio: 'inherit', ...options });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * A throw-away database for a benchmark: a new database on the PostgreSQL server of DATABASE_URL when it
 * is set, otherwise a PGlite data directory in the temp folder. `env` is what the server needs to use it;
 * `open` is called with the server's openDatabase to seed it directly.
 */
export async function scratchDatabase(prefix) {
  const base = process.env.DATABASE_URL;
  if (base) {
    const pg = (await import('pg')).default;
    const name = `${prefix}_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const cleanUp = async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
    return { env: { DATABASE_URL: url.toString() }, open: (openDatabase) => openDatabase({ url: url.toString() }), cleanUp, kind: 'postgres' };
  }
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: (openDatabase) => openDatabase({ dataDir }),
    cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
    kind: 'pglite',
  };
}

/**
 * The compiled server for a benchmark on 127.0.0.1:`port` with `env` on top (the scratch database's
 * DATA_DIR or DATABASE_URL): API only, or with the SPA built in `distDir`. Run by node itself, so its pid
 * is the server's.
 */
export function startBenchServer(port, env, distDir = '/nonexistent-dist') {
  const all = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOGIN_RATE_MAX: '100', DIST_DIR: distDir };
  if (!all.DATABASE_URL) delete all.DATABASE_URL;
  const prof = process.env.BENCH_SERVER_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_SERVER_PROF] : [];
  return spawn(process.execPath, [...prof, SERVER_ENTRY], { cwd: root, env: all, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * Throws when something already listens on 127.0.0.1:`port`: a server left over from an interrupted run
 * would answer the health check in place of the one about to start, and the figures would be of the
 * build it serves.
 */
export async function assertPortFree(port) {
  const { createServer } = await import('node:net');
  await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`端口 ${port} 已被占用（上次中断的测量留下的服务器？）：先停掉它`)));
    probe.listen(port, '127.0.0.1', () => probe.close(resolve));
  });
}

/** Resolves once `url` answers 2xx (polled every half second for up to two minutes). */
export async function waitUntilUp(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}
