// The API half of `npm run bench`: latency and throughput of a paged resource list at scale, on loopback.
// Seeds the demo data plus N customers into a temporary database (an embedded PGlite folder, or — with
// DATABASE_URL — a throw-away database on that PostgreSQL server), starts the real server on it, signs
// in, and measures filtered + sorted page requests and a name-contains request: p50/p99 of sequential
// requests, and requests per second from 8 and from 32 concurrent clients (BENCH_CONCURRENCY="8,32"). It
// always measures the embedded PGlite, and PostgreSQL too when DATABASE_URL is set. Every loop is
// bounded. scripts/bench.mjs runs it, prints the summary and writes the figures.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { assertPortFree, buildServerIfStale, scratchDatabase, startBenchServer, waitUntilUp } from './lib.mjs';
import { bounded, loadTs as load } from './bench-lib.mjs';

const CUSTOMERS = bounded(process.env.BENCH_CUSTOMERS, 100_000, 1, 1_000_000);
const PORT = Number(process.env.BENCH_API_PORT ?? 18091);
const HOST = '127.0.0.1';
const BASE = `http://${HOST}:${PORT}`;
const SEQUENTIAL = bounded(process.env.BENCH_REQUESTS, 300, 20, 10_000);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '8,32').split(',').map((c) => bounded(c, 8, 1, 256));
/** Requests per client in a throughput run. */
const PER_CLIENT = bounded(process.env.BENCH_PER_CLIENT, 150, 10, 10_000);

const { openDatabase } = await load('server/db/client.ts');
const { seedIfEmpty } = await load('server/seed/seed.ts');
const { signRequest } = await load('domain/core/sign.ts');
const { DEMO_API_KEY } = await load('server/config.ts');
const { sql } = await import('drizzle-orm');

/** The N customers, fictional but shaped like real ones: city + trade name + industry word, 5 types, 3 levels, 8 industries. */
function bulkCustomers(organiserId, userId, n) {
  return sql`
    insert into crm_customers (organiser_id, name, short_name, type, level, industry, source, region, phone, status,
                               created_by, updated_by, created_at, updated_at)
    select ${organiserId},
           (array['上海','杭州','苏州','南京','深圳','广州','北京','成都','武汉','合肥','宁波','厦门'])[1 + g % 12]
             || (array['云启','星河','瑞达','智远','华信','恒通','博越','天成','启明','鼎盛','卓越','海纳'])[1 + (g / 12) % 12]
             || (array['科技','会展','数据','智能','医疗','新能源','建设','文化'])[1 + (g / 144) % 8]
             || '有限公司' || lpad(g::text, 6, '0'),
           null, 1 + g % 5, 1 + (g * 7) % 3, 1 + (g * 13) % 8, 1 + g % 5,
           (array['上海市','浙江省','江苏省','广东省','北京市','四川省'])[1 + g % 6],
           '021-6' || lpad((g % 10000000)::text, 7, '0'), 1, ${userId}, ${userId},
           now() - make_interval(mins => g), now() - make_interval(mins => g)
      from generate_series(1, ${n}) as g`;
}

async function prepareDatabase() {
  const target = await scratchDatabase('zbzj_bench');
  return { ...target, open: () => target.open(openDatabase) };
}

async function seed(target) {
  const database = await target.open();
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
    const rows = (q) => database.db.execute(q).then((r) => r.rows);
    const [who] = await rows(sql`select u.id as user_id, u.organiser_id from users u where u.username = 'demo'`);
    const t0 = performance.now();
    await database.db.execute(bulkCustomers(who.organiser_id, who.user_id, CUSTOMERS));
    await database.db.execute(sql`vacuum analyze`);
    const [{ n }] = await rows(sql`select count(*)::int as n from crm_customers`);
    return { customers: n, seedMs: performance.now() - t0 };
  } finally {
    await database.close();
  }
}



const nonce = () => randomBytes(12).toString('hex');

/**
 * The load generator's connections: node:http with keep-alive, one socket per concurrent client. The
 * server, the database and this client share the machine's two cores; fetch (undici) spent about 0.5 ms
 * of CPU per request here, a sixth of what a request costs in all, which the server's figure then lost.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function send(method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${BASE}${path}`, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function call(method, path, params, token) {
  const headers = { ...signRequest(params, DEMO_API_KEY.key, DEMO_API_KEY.secret, nonce()) };
  if (token) headers.authorization = `Bearer ${token}`;
  const search = new URLSearchParams(params).toString();
  const res =
    method === 'GET'
      ? await send('GET', `${path}?${search}`, headers)
      : await send(method, path, { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, search);
  const body = JSON.parse(res.text);
  if (res.status !== 200 || body.code !== 0) throw new Error(`${path}: HTTP ${res.status} ${body.msg}`);
  return body.data;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** p50/p99 of SEQUENTIAL requests (after a short warm-up), cycling through `pages` pages from `first`. */
async function latency(token, label, query, pages, first = 1) {
  const pageOf = (i) => String(first + (i % pages));
  for (let i = 0; i < 20; i++) await call('GET', '/admin/crm/customer/page', { ...query, page: pageOf(i) }, token);
  const times = [];
  let total = 0;
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = performance.now();
    const data = await call('GET', '/admin/crm/customer/page', { ...query, page: pageOf(i) }, token);
    times.push(performance.now() - t0);
    total = data.total;
  }
  times.sort((a, b) => a - b);
  return { label, query, matching: total, requests: SEQUENTIAL, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) };
}

/** Requests per second of `concurrency × PER_CLIENT` requests from `concurrency` clients (after a short warm-up). */
async function throughput(token, query, pages, concurrency) {
  const total = concurrency * PER_CLIENT;
  const run = async (count) => {
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const i = next++;
        await call('GET', '/admin/crm/customer/page', { ...query, page: String(1 + (i % pages)) }, token);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };
  await run(concurrency * 5);
  const t0 = performance.now();
  await run(total);
  const seconds = (performance.now() - t0) / 1000;
  return { requests: total, concurrency, seconds, rps: total / seconds };
}

/**
 * scratchDatabase picks PostgreSQL from DATABASE_URL: set for the PostgreSQL run, unset for the PGlite
 * one, and put back afterwards.
 */
async function withDatabaseUrl(url, fn) {
  const saved = process.env.DATABASE_URL;
  if (url) process.env.DATABASE_URL = url;
  else delete process.env.DATABASE_URL;
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

/**
 * Runs the whole API measurement — PGlite, then PostgreSQL when DATABASE_URL is set — and returns its
 * figures (the caller prints and stores them). `log` receives progress lines.
 */
export async function benchApi(log = console.log) {
  if ((await buildServerIfStale()) !== 0) throw new Error('服务器编译失败');
  // BENCH_API_DB=pglite|postgres measures one of the two only (profiling, quick comparisons).
  const only = process.env.BENCH_API_DB;
  const urls = [
    ...(only !== 'postgres' ? [undefined] : []),
    ...(process.env.DATABASE_URL && only !== 'pglite' ? [process.env.DATABASE_URL] : []),
  ];
  const runs = [];
  for (const url of urls) runs.push(await withDatabaseUrl(url, () => benchOne(log)));
  agent.destroy();
  return { at: new Date().toISOString(), sequential: SEQUENTIAL, runs };
}

async function benchOne(log) {
  const target = await prepareDatabase();
  let server;
  try {
    log(`[bench-api] 准备 ${target.kind} 数据库并写入 ${CUSTOMERS} 个客户…`);
    const seeded = await seed(target);
    log(`[bench-api] 已写入 ${seeded.customers} 个客户（${(seeded.seedMs / 1000).toFixed(1)} s），启动服务…`);
    await assertPortFree(PORT);
    server = startBenchServer(PORT, target.env);
    await waitUntilUp(`${BASE}/healthz`);
    const login = await call('POST', '/admin/login/token', { username: 'demo', password: 'demo123456', yhlx: '1' });
    const token = login.access_token;

    const filtered = { level: '1', industry: '2', sort: 'createdAt', order: 'desc', limit: '20' };
    log(`[bench-api] 每个场景 ${SEQUENTIAL} 次顺序请求…`);
    const latencies = [
      await latency(token, '等级+行业筛选，按创建时间倒序', filtered, 50),
      await latency(token, '类型筛选，按名称正序', { type: '3', sort: 'name', order: 'asc', limit: '20' }, 50),
      await latency(token, '名称包含（三元组索引）', { name: '星河科技', sort: 'createdAt', order: 'desc', limit: '20' }, 5),
      await latency(token, '无筛选，第 2 000 页起', { sort: 'createdAt', order: 'desc', limit: '20' }, 10, 2000),
    ];
    const throughputs = [];
    for (const concurrency of CONCURRENCIES) {
      log(`[bench-api] ${concurrency} 个并发客户端…`);
      throughputs.push(await throughput(token, filtered, 50, concurrency));
    }
    return {
      database: target.kind,
      customers: seeded.customers,
      seedMs: seeded.seedMs,
      latency: latencies,
      throughput: throughputs,
    };
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await target.cleanUp();
  }
}

/** Summary-table rows of an API result (every database it ran on): [measure, value]. */
export function apiRows(api) {
  const rows = [];
  for (const run of api.runs) {
    const db = run.database === 'postgres' ? 'PostgreSQL' : 'PGlite';
    rows.push([`API 数据库 / 客户行数`, `${db} / ${run.customers}`]);
    for (const r of run.latency) {
      rows.push([`${db}：${r.label}（匹配 ${r.matching} 行）p50 / p99 (ms)`, `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)}`]);
    }
    for (const t of run.throughput) {
      rows.push([`${db}：吞吐（${t.concurrency} 个并发客户端，${t.requests} 次请求）`, `${t.rps.toFixed(0)} 次/秒`]);
    }
  }
  return rows;
}

// `node scripts/bench-api.mjs` on its own: the API part only, printed, nothing written.
if (process.argv[1] === new URL(import.meta.url).pathname) {
  const api = await benchApi();
  for (const [k, v] of apiRows(api)) console.log(`${k}: ${v}`);
}
