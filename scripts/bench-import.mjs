// Attendee import at scale: a generated 10 000-row .xlsx sent through the real server, end to end as the
// import dialog sends it — upload + preview, then upload + commit (the commit checks the file again) —
// on a temporary PGlite data folder with the demo seed. Reports the times, the rows written, and the
// server's peak resident memory (VmHWM from /proc/<pid>/status). Target: the whole import ≤ 5 s.
// Then 审核通过 of all of them at once through the list's filter, as 批量操作 sends it: target ≤ 2 s; then
// 自动排座 of a new 2 000-seat hall among them (preview, then save): target ≤ 2 s.
//   node scripts/bench-import.mjs            (standalone; BENCH_IMPORT_ROWS, BENCH_IMPORT_PORT)
//   import { bench, rows } from './bench-import.mjs'
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { assertPortFree, buildServerIfStale, startBenchServer, waitUntilUp } from './lib.mjs';
import { bounded, loadTs as load } from './bench-lib.mjs';

const ROWS = bounded(process.env.BENCH_IMPORT_ROWS, 10_000, 1, 10_000);
const PORT = Number(process.env.BENCH_IMPORT_PORT ?? 18092);
const HOST = '127.0.0.1';
const BASE = `http://${HOST}:${PORT}`;
const TARGET_MS = 5_000;
const APPROVE_TARGET_MS = 2_000;
const SEATING_TARGET_MS = 2_000;
const HALL_ROWS = 40;
const HALL_SEATS_PER_ROW = 50;

/** N attendees shaped like a real list: mixed kinds and certificates, valid ID-card check digits, unique mobiles. */
async function workbook(n) {
  const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const idCard = (i) => {
    const base = `3101041990${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}${String(i % 1000).padStart(3, '0')}`;
    const sum = [...base].reduce((s, c, k) => s + Number(c) * ID_WEIGHTS[k], 0);
    return base + '10X98765432'[sum % 11];
  };
  const kinds = ['观众', '嘉宾', '演讲嘉宾', '媒体', '展商人员', '工作人员'];
  const surnames = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
  const given = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军', '杰', '涛'];
  const companies = ['上海云启会展服务有限公司', '杭州星河数据科技有限公司', '苏州瑞达智能装备有限公司', '深圳恒通新能源有限公司'];
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('参会人员');
  // The headers people have (matched by synonym), mobiles as people write them (normalised before the check).
  sheet.addRow(['姓名', '类别', '手机', '证件类型', '身份证号', '公司', '职位', '邮箱', '备注']);
  for (let i = 0; i < n; i++) {
    const passport = i % 5 === 0;
    sheet.addRow([
      surnames[i % 10] + given[(i * 7) % 12] + (i % 3 ? given[(i * 5) % 12] : ''),
      kinds[i % 6],
      i % 2 ? `+86 139 ${String(i).padStart(8, '0').replace(/^(\d{4})/, '$1 ')}` : `139${String(i).padStart(8, '0')}`,
      passport ? '护照' : '居民身份证',
      passport ? `E${String(i).padStart(8, '0')}` : idCard(i),
      companies[i % 4],
      i % 2 ? '经理' : '工程师',
      `guest${i}@example.com`,
      i % 10 === 0 ? '需要素食午餐' : null,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}



/** Peak and current resident memory of a process, in MiB. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { hwmMiB: kb('VmHWM') / 1024, rssMiB: kb('VmRSS') / 1024 };
}

export async function bench(log = console.log) {
  if ((await buildServerIfStale()) !== 0) throw new Error('服务器编译失败');
  const { openDatabase } = await load('server/db/client.ts');
  const { seedIfEmpty } = await load('server/seed/seed.ts');
  const { signRequest } = await load('domain/core/sign.ts');
  const { DEMO_API_KEY } = await load('server/config.ts');

  const call = async (method, path, params, token) => {
    const headers = { ...signRequest(params, DEMO_API_KEY.key, DEMO_API_KEY.secret, randomBytes(12).toString('hex')) };
    if (token) headers.authorization = `Bearer ${token}`;
    const search = new URLSearchParams(params).toString();
    const res =
      method === 'GET'
        ? await fetch(`${BASE}${path}?${search}`, { headers })
        : await fetch(`${BASE}${path}`, { method, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: search });
    const body = await res.json();
    if (res.status !== 200 || body.code !== 0) throw new Error(`${path}: HTTP ${res.status} ${body.msg}`);
    return body.data;
  };

  const dataDir = mkdtempSync(join(tmpdir(), 'zbzj-bench-import-'));
  let server;
  try {
    log(`[bench-import] 准备 PGlite 数据库…`);
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await seedIfEmpty(database.db);
    await database.close();

    log(`[bench-import] 生成 ${ROWS} 行的 .xlsx…`);
    const file = await workbook(ROWS);
    const content = file.toString('base64');

    // Run by node itself: its pid is the server's, for /proc.
    await assertPortFree(PORT);
    server = startBenchServer(PORT, { DATA_DIR: dataDir, DATABASE_URL: '' });
    await waitUntilUp(`${BASE}/healthz`);
    const { access_token: token } = await call('POST', '/admin/login/token', { username: 'demo', password: 'demo123456', yhlx: '1' });
    const [activity] = await call('GET', '/admin/business/activityOptions', {}, token);
    const before = (await call('GET', '/admin/person/person/page', { limit: '1', page: '1', activityId: String(activity.id) }, token)).total;
    const memoryBefore = memoryOf(server.pid);

    log(`[bench-import] 导入到「${activity.name}」（上传 + 预览 + 上传 + 提交）…`);
    const form = { activityId: String(activity.id), fileName: 'bench.xlsx', content };
    const t0 = performance.now();
    const preview = await call('POST', '/admin/person/person/importPreview', form, token);
    const t1 = performance.now();
    const result = await call('POST', '/admin/person/person/importCommit', { ...form, status: 'pending' }, token);
    const t2 = performance.now();
    const memory = memoryOf(server.pid);

    const after = (await call('GET', '/admin/person/person/page', { limit: '1', page: '1', activityId: String(activity.id) }, token)).total;
    if (preview.errorCount !== 0) throw new Error(`preview found ${preview.errorCount} errors: ${preview.errors[0]?.msg}`);
    if (result.imported !== ROWS || after - before !== ROWS) throw new Error(`imported ${result.imported}, list grew by ${after - before}, expected ${ROWS}`);

    // The imported mobiles are 1390000xxxx: the filter 手机号码 contains 1390000 selects exactly them.
    log(`[bench-import] 批量审核通过 ${ROWS} 人（按筛选条件）…`);
    const selection = { all: '1', activityId: String(activity.id), mobile: '1390000', status: '0' };
    const dry = await call('POST', '/admin/person/person/bulkApprove', { ...selection, dryRun: '1' }, token);
    if (dry.matched !== ROWS) throw new Error(`the filter matched ${dry.matched}, expected ${ROWS}`);
    const t3 = performance.now();
    const approved = await call('POST', '/admin/person/person/bulkApprove', selection, token);
    const t4 = performance.now();
    if (approved.done !== ROWS) throw new Error(`approved ${approved.done}, expected ${ROWS}`);

    const seats = HALL_ROWS * HALL_SEATS_PER_ROW;
    log(`[bench-import] 自动排座：${seats} 座的新展馆…`);
    const hall = await call('POST', '/admin/hall/hall/save', { name: `基准测试厅 ${Date.now()}`, capacity: String(seats) }, token);
    const where = { activityId: String(activity.id), hallId: String(hall.id) };
    await call('POST', '/admin/seat/seat/generate', { ...where, rows: String(HALL_ROWS), seatsPerRow: String(HALL_SEATS_PER_ROW), kind: '1' }, token);
    const t5 = performance.now();
    const proposal = await call('POST', '/admin/seat/seat/autoPreview', { ...where, scope: 'all' }, token);
    const t6 = performance.now();
    const applied = await call('POST', '/admin/seat/seat/autoApply', { ...where, scope: 'all', token: proposal.token }, token);
    const t7 = performance.now();
    if (proposal.seated !== seats || applied.seated !== seats) throw new Error(`seated ${proposal.seated} / ${applied.seated}, expected ${seats}`);
    return {
      at: new Date().toISOString(),
      database: 'pglite',
      rows: ROWS,
      fileBytes: file.length,
      bodyBytes: new URLSearchParams({ ...form, status: 'pending' }).toString().length,
      previewMs: t1 - t0,
      commitMs: t2 - t1,
      totalMs: t2 - t0,
      targetMs: TARGET_MS,
      serverHwmMiB: memory.hwmMiB,
      serverRssBeforeMiB: memoryBefore.rssMiB,
      approveMs: t4 - t3,
      approveTargetMs: APPROVE_TARGET_MS,
      seats,
      seatingPreviewMs: t6 - t5,
      seatingApplyMs: t7 - t6,
      seatingTargetMs: SEATING_TARGET_MS,
    };
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Summary-table rows of a result: [measure, value]. */
export function rows(result) {
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return [
    [`导入 ${result.rows} 名参会人员：文件 / 请求体`, `${(result.fileBytes / 1024).toFixed(0)} KiB / ${(result.bodyBytes / 1024).toFixed(0)} KiB`],
    ['导入：上传 + 预览', s(result.previewMs)],
    ['导入：上传 + 复核 + 写入', s(result.commitMs)],
    [`导入：全程（目标 ≤ ${result.targetMs / 1000} s）`, `${s(result.totalMs)}${result.totalMs <= result.targetMs ? '' : '（超出目标）'}`],
    ['导入：服务器内存峰值 VmHWM（导入前 RSS）', `${result.serverHwmMiB.toFixed(0)} MiB（${result.serverRssBeforeMiB.toFixed(0)} MiB）`],
    ...(result.approveMs === undefined
      ? []
      : [[`批量审核通过 ${result.rows} 人（目标 ≤ ${result.approveTargetMs / 1000} s）`, `${s(result.approveMs)}${result.approveMs <= result.approveTargetMs ? '' : '（超出目标）'}`]]),
    ...(result.seatingPreviewMs === undefined
      ? []
      : [[`自动排座 ${result.seats} 座：预览 + 保存（目标 ≤ ${result.seatingTargetMs / 1000} s）`, `${s(result.seatingPreviewMs)} + ${s(result.seatingApplyMs)}${result.seatingPreviewMs + result.seatingApplyMs <= result.seatingTargetMs ? '' : '（超出目标）'}`]]),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await bench();
  for (const [label, value] of rows(result)) console.log(`${label}: ${value}`);
}
