// `npm test`: every check a change must keep green, stopping at the first stage that fails.
// Server tests run on in-memory PGlite and, when TEST_DATABASE_URL is set, again on that PostgreSQL.
// The first stage's three steps are independent and mostly single-threaded: they run side by side, each
// one's output held back and printed whole when it ends (docs/operations.md, 测试耗时).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const pg = process.env.TEST_DATABASE_URL;
const stages = [
  [
    ['类型检查 (tsc -b)', 'tsc', ['-b']],
    ['代码规范 (eslint)', 'eslint', ['.', '--max-warnings', '0']],
    ['构建 (vite build)', 'vite', ['build', '--logLevel', 'warn']],
  ],
  [['前端与领域单元测试 (vitest + msw)', 'vitest', ['run', '--project', 'client', '--project', 'domain']]],
  [['服务端测试 (PGlite)', 'vitest', ['run', '--project', 'server'], { TEST_DATABASE_URL: '' }]],
  ...(pg ? [[['服务端测试 (PostgreSQL)', 'vitest', ['run', '--project', 'server'], { TEST_DATABASE_URL: pg }]]] : []),
  [['端到端测试 (Playwright + Chromium)', 'playwright', ['test']]],
];

/** Runs a step with its output collected, and prints it in one piece when the step ends. */
function runHeld(title, bin, args, env) {
  return new Promise((resolve) => {
    const child = spawn(join(root, 'node_modules', '.bin', bin), args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      console.log(`\n=== ${title} ===`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function step([title, bin, args, extraEnv], held) {
  const env = { ...process.env, ...extraEnv };
  const started = Date.now();
  if (!held) console.log(`\n=== ${title} ===`);
  const code = held ? await runHeld(title, bin, args, env) : await run(bin, args, { env });
  return { title, code, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

const started = Date.now();
const results = [];
for (const stage of stages) {
  results.push(...(await Promise.all(stage.map((s) => step(s, stage.length > 1)))));
  if (results.some((r) => r.code !== 0)) break;
}

console.log('\n=== 汇总 ===');
for (const stage of stages) {
  for (const [title] of stage) {
    const r = results.find((x) => x.title === title);
    console.log(r ? `${r.code === 0 ? '通过' : '失败'}  ${title}  (${r.seconds}s)` : `未运行  ${title}`);
  }
}
console.log(`共 ${((Date.now() - started) / 1000).toFixed(1)}s`);
const failed = results.some((r) => r.code !== 0) || results.length < stages.flat().length;
process.exit(failed ? 1 : 0);
