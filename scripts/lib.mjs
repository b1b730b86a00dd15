// Small helpers shared by the project scripts (start, test, bench, e2e server).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** The built SPA is stale when anything it is built from changed after dist/index.html was written. */
export function distIsStale() {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', '.env.production', 'package.json'];
  return inputs.some((p) => newestMtime(join(root, p)) > builtAt);
}

export async function buildIfStale() {
  if (!distIsStale()) return 0;
  console.log('[zbzj] 正在构建前端 (vite build)…');
  return run('vite', ['build', '--logLevel', 'warn']);
}
