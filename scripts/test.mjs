// `npm test`: every check a change must keep green, in order, stopping at the first failure.
// Server tests run on in-memory PGlite and, when TEST_DATABASE_URL is set, again on that PostgreSQL.
import { run } from './lib.mjs';

const pg = process.env.TEST_DATABASE_URL;
const steps = [
  ['类型检查 (tsc -b)', 'tsc', ['-b']],
  ['代码规范 (eslint)', 'eslint', ['.', '--max-warnings', '0']],
  ['前端与领域单元测试 (vitest + msw)', 'vitest', ['run', '--project', 'client', '--project', 'domain']],
  ['服务端测试 (PGlite)', 'vitest', ['run', '--project', 'server'], { TEST_DATABASE_URL: '' }],
  ...(pg ? [['服务端测试 (PostgreSQL)', 'vitest', ['run', '--project', 'server'], { TEST_DATABASE_URL: pg }]] : []),
  ['构建 (vite build)', 'vite', ['build', '--logLevel', 'warn']],
  ['端到端测试 (Playwright + Chromium)', 'playwright', ['test']],
];

const results = [];
for (const [title, bin, args, extraEnv] of steps) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const code = await run(bin, args, { env: { ...process.env, ...extraEnv } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ title, code, seconds });
  if (code !== 0) break;
}

console.log('\n=== 汇总 ===');
for (const r of results) console.log(`${r.code === 0 ? '通过' : '失败'}  ${r.title}  (${r.seconds}s)`);
const failed = results.some((r) => r.code !== 0) || results.length < steps.length;
process.exit(failed ? 1 : 0);
