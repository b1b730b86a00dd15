// `npm test`: every check a change must keep green, stopping at the first stage that fails.
// Server tests run on in-memory PGlite and, when TEST_DATABASE_URL is set, again on that PostgreSQL.
// The first stage's three steps are independent and mostly single-threaded: they run side by side, each
// one's output held back and printed whole when it ends (docs/operations.md, 测试耗时).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';

const pg = process.env.TEST_DATABASE_URL;

// No test may depend on the day it runs (docs/operations.md, 测试与日期): where faketime is installed, the unit
// stage and the PGlite server pass run with the clock a year ahead; the PostgreSQL pass and e2e run today.
const DATE_SHIFT = process.env.TEST_DATE_SHIFT ?? '+365d';
const faketime = DATE_SHIFT !== '0' && spawnSync('faketime', ['-f', '+0d', 'true']).status === 0;
const shifted = { shiftDate: true };
const stages = [
  [
    ['类型检查 (tsc -b)', 'tsc', ['-b']],
    ['代码规范 (eslint)', 'eslint', ['.', '--max-warnings', '0']],
    ['构建 (vite build)', 'vite', ['build', '--logLevel', 'warn']],
  ],
  [['前端与领域单元测试 (vitest + msw)', 'vitest', ['run', '--project', 'client', '--project', 'domain'], {}, shifted]],
  [['服务端测试 (PGlite)', 'vitest', ['run', '--project', 'server', '--project', 'server-isolated'], { TEST_DATABASE_URL: '' }, shifted]],
  ...(pg ? [[['服务端测试 (PostgreSQL)', 'vitest', ['run', '--project', 'server', '--project', 'server-isolated'], { TEST_DATABASE_URL: pg }]]] : []),
  [['端到端测试 (Playwright + Chromium)', 'playwright', ['test']]],
];

/** Runs a step; with `held`, its output is collected and printed in one piece when the step ends. */
function runStep(title, command, args, env, held) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      if (held) {
        console.log(`\n=== ${title} ===`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function step([title, bin, args, extraEnv, { shiftDate = false } = {}], held) {
  const env = { ...process.env, ...extraEnv };
  let command = join(root, 'node_modules', '.bin', bin);
  if (shiftDate && faketime) {
    title = `${title} [日期 ${DATE_SHIFT}]`;
    // Monotonic clocks stay true: timers and timeouts measure real durations, only the calendar moves.
    env.FAKETIME_DONT_FAKE_MONOTONIC = '1';
    [command, args] = ['faketime', ['-f', DATE_SHIFT, command, ...args]];
  }
  const started = Date.now();
  if (!held) console.log(`\n=== ${title} ===`);
  const code = await runStep(title, command, args, env, held);
  return { title, code, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

const started = Date.now();
const results = [];
if (!faketime) console.log('未安装 faketime（apt-get install faketime）：单元与 PGlite 服务端测试按今天的日期运行。');
for (const stage of stages) {
  results.push(...(await Promise.all(stage.map((s) => step(s, stage.length > 1)))));
  if (results.some((r) => r.code !== 0)) break;
}

console.log('\n=== 汇总 ===');
stages.flat().forEach(([title], i) => {
  const r = results[i];
  console.log(r ? `${r.code === 0 ? '通过' : '失败'}  ${r.title}  (${r.seconds}s)` : `未运行  ${title}`);
});
console.log(`共 ${((Date.now() - started) / 1000).toFixed(1)}s`);
const failed = results.some((r) => r.code !== 0) || results.length < stages.flat().length;
process.exit(failed ? 1 : 0);
