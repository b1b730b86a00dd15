import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { signRequest, type SignParams } from '@domain/core/sign';
import type { LoginResult } from '@domain/session/session.contracts';
import type { Envelope } from '@domain/core/envelope';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { DEMO_API_KEY } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seedIfEmpty } from '../../server/seed/seed';
import { seedDates, seedDay } from '../../server/seed/seedDay';
import * as t from '../../server/db/schema';
import { hashPassword, setPasswordHashCostForTests, type Argon2Cost } from '../../server/lib/password';
import { expandFanouts } from '../../server/modules/meeting/statusFanout.service';
import { refreshStatistics } from '../../server/services/sql';

export interface TestClock {
  now: number;
  advance(ms: number): void;
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  close(): Promise<void>;
}

export const DAY_MS = 24 * 3600 * 1000;

/**
 * The seeded database's dates: the seed writes them around SEED_ANCHOR_DAY and moves them to the day it
 * ran (server/seed/seedDay.ts); `seeded.day('2026-12-08')` is that day as the seeded rows hold it.
 */
export const seeded = seedDates();

/**
 * The suites seed a database per file and sign in hundreds of times: they hash with Argon2id at 64 KiB and
 * one pass (about a millisecond) instead of the production 19 MiB and two passes
 * (tests/server/passwordPolicy.test.ts covers that cost and re-hashing at sign-in).
 */
export const TEST_HASH_COST: Argon2Cost = { m: 64, t: 1, p: 1 };
setPasswordHashCostForTests(TEST_HASH_COST);

const SERVER_DIR = fileURLToPath(new URL('../../server/', import.meta.url));

/**
 * Creating a PGlite cluster (initdb) takes seconds; starting from a tarball of an already migrated and
 * seeded one takes under one. The tarball is cached in the temp folder, keyed by everything that shapes
 * it, so a change to migrations or seed data simply makes a new one.
 */
function snapshotKey(): string {
  // Read once a worker: the files it hashes do not change during a run (and a worker runs many files).
  computedKey ??= computeSnapshotKey();
  return computedKey;
}

/** Changes when the way the snapshot is made changes (it is now vacuumed and analysed before it is taken). */
const SNAPSHOT_FORMAT = 'vacuumed';
let computedKey: string | undefined;

function computeSnapshotKey(): string {
  const hash = createHash('sha256');
  const migrations = path.join(SERVER_DIR, 'db/migrations');
  const files = [
    ...readdirSync(migrations, { recursive: true, encoding: 'utf8' }).map((f) => path.join(migrations, f)),
    // Every seed module, and the definitions the seeds and tables are built from.
    ...readdirSync(path.join(SERVER_DIR, 'seed')).map((f) => path.join(SERVER_DIR, 'seed', f)),
    ...readdirSync(path.join(SERVER_DIR, '../domain'), { recursive: true, encoding: 'utf8' }).map((f) => path.join(SERVER_DIR, '../domain', f)),
    // Seeds write through the resource service and the areas' rules: a changed rule can change the seeded rows.
    ...['services', 'modules'].flatMap((dir) =>
      readdirSync(path.join(SERVER_DIR, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(SERVER_DIR, dir, f)),
    ),
    path.join(SERVER_DIR, 'lib/password.ts'),
    path.join(SERVER_DIR, 'lib/argon2Worker.ts'),
  ].sort();
  for (const file of files) if (file.endsWith('.sql') || file.endsWith('.json') || file.endsWith('.ts')) hash.update(file).update(readFileSync(file));
  hash.update(JSON.stringify(TEST_HASH_COST));
  hash.update(SNAPSHOT_FORMAT);
  // The seed moves its dates to the day it runs: a snapshot is good for that day only.
  hash.update(seedDay());
  return hash.digest('hex').slice(0, 16);
}

function snapshotFile(): string {
  return path.join(tmpdir(), `zbzj-test-pglite-${snapshotKey()}.tar`);
}

/**
 * The PostgreSQL pass's counterpart of the snapshot: a migrated and seeded database, made once per run
 * (tests/server/globalSetup.ts) under the same key, that each test file clones with CREATE DATABASE …
 * TEMPLATE instead of migrating and seeding its own (about 6 s of every file). Nothing connects to it
 * after it is made: PostgreSQL refuses to copy a database someone is connected to.
 */
function templateName(): string {
  return `zbzj_tpl_${snapshotKey()}`;
}

async function onServer<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function ensureSeededTemplate(base: string): Promise<void> {
  const name = templateName();
  const exists = await onServer(base, async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount);
  if (exists) return;
  // Made under a passing name and renamed when complete, so a run cut short never leaves a half-seeded template.
  const partial = `${name}_${randomBytes(4).toString('hex')}`;
  await onServer(base, (c) => c.query(`create database ${partial}`));
  const database = await openDatabase({ url: databaseUrl(base, partial) });
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
  } finally {
    await database.close();
  }
  await onServer(base, async (c) => {
    try {
      await c.query(`alter database ${partial} rename to ${name}`);
      await c.query(`comment on database ${name} is '${Date.now()}'`);
    } catch {
      await c.query(`drop database if exists ${partial} with (force)`); // another run made it first
    }
    // Templates of earlier sources, made over a day ago. A younger one may belong to a run of another
    // checkout going on now (a worktree), whose files copy it between connections: dropping it there
    // failed every file after.
    const stale = await c.query<{ datname: string; made: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as made from pg_database where starts_with(datname, 'zbzj_tpl_') and datname <> $1`,
      [name],
    );
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const { datname, made } of stale.rows) {
      if (Number(made ?? 0) > dayAgo) continue;
      await c.query(`drop database if exists ${datname}`).catch(() => {});
    }
  });
}

/**
 * The test apps keep PGlite in the test's own thread: starting the worker thread (server/db/pgliteProxy.ts)
 * costs each file about 3.5 s more, as the thread loads PGlite and its TypeScript afresh. The worker itself
 * is covered by tests/server/pgliteWorker.test.ts (same values and errors as in this thread), by the
 * files that open their own database (nonces, defaultActivity) and by the e2e suite, which runs the built server.
 */
export async function openSeededPglite({ worker = false }: { worker?: boolean } = {}): Promise<Database> {
  const file = snapshotFile();
  if (!existsSync(file)) return buildSnapshot(file);
  // Read once a worker (a worker runs many files): each database copies it into its own memory.
  if (loadedSnapshot?.file !== file) loadedSnapshot = { file, bytes: readFileSync(file) };
  const { bytes } = loadedSnapshot;
  // PGlite reads the tarball with Blob.arrayBuffer(), which in Node copies 49 MB in small chunks (about a
  // second): in this thread it gets the bytes already read. Untarring only reads them. A PGlite in its
  // worker thread needs a real Blob, which is copied to it.
  const loadDataDir = worker ? new Blob([bytes]) : new BytesBlob(bytes);
  return openDatabase({ memory: true, worker, loadDataDir });
}

let loadedSnapshot: { file: string; bytes: Buffer } | undefined;

/** A Blob whose arrayBuffer() is a copy of bytes already in memory, made at once (see openSeededPglite). */
class BytesBlob extends Blob {
  readonly #content: Buffer;

  constructor(content: Buffer) {
    super([]);
    this.#content = content;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#content;
    return Promise.resolve(buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer);
  }
}

/**
 * Makes the snapshot once before the test files start (vitest.config.ts's globalSetup,
 * tests/server/globalSetup.ts): otherwise, when the sources changed, every file that starts at the same
 * time builds the same cluster anew, one a worker.
 */
export async function ensureSeededSnapshot(): Promise<void> {
  const file = snapshotFile();
  if (!existsSync(file)) await (await buildSnapshot(file)).close();
}

async function buildSnapshot(file: string): Promise<Database> {
  const database = await openDatabase({ memory: true, worker: false });
  await database.migrate();
  await seedIfEmpty(database.db);
  // Every app start runs VACUUM (ANALYZE) (server/plugins/database.ts): done once here, the copies start
  // with their pages marked visible and their statistics taken, and each file's run of it has little to do.
  await refreshStatistics(database.db);
  const snapshot = await database.snapshot!();
  // Write then rename, so parallel test files never read a half-written tarball.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
  renameSync(partial, file);
  return database;
}

/**
 * Two apps over one database, as two replicas: one PGlite cluster through two handles, or — with
 * TEST_DATABASE_URL — one scratch PostgreSQL database (a copy of the seeded template when `seeded`, else
 * empty for the first app to migrate and seed). `replica` builds an app for a connection; the first is
 * ready before the second opens. `dropDatabase` after both apps are closed.
 */
export async function twoReplicas(
  replica: (connection: { db: Database } | { databaseUrl: string }) => FastifyInstance,
  options: { seeded?: boolean } = {},
): Promise<{ a: FastifyInstance; b: FastifyInstance; dropDatabase: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const scratch = await scratchPostgres(base, 'zbzj_test', options);
    const a = replica({ databaseUrl: scratch.url });
    await a.ready();
    return { a, b: replica({ databaseUrl: scratch.url }), dropDatabase: scratch.drop };
  }
  const database = await openSeededPglite();
  const a = replica({ db: database });
  await a.ready();
  return { a, b: replica({ db: database.share!() }), dropDatabase: () => database.close() };
}

/** A throw-away database on the PostgreSQL server at `base` (TEST_DATABASE_URL), and how to drop it. */
export async function scratchPostgres(
  base: string,
  prefix = 'zbzj_test',
  options: { seeded?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(options.seeded ? `create database ${name} template ${templateName()}` : `create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A fresh, seeded app for one test file: an in-memory PGlite, or — when TEST_DATABASE_URL is set — a
 * uniquely named PostgreSQL database created here and dropped again by close().
 */
export interface TestAppOptions extends BuildAppOptions {
  /** Runs on the built app before its plugins load, e.g. to add an onRoute hook that sees every route. */
  beforeReady?: (app: FastifyInstance) => void;
  /** PGlite in its worker thread, as the server runs it, instead of in the test's thread. */
  pgliteWorker?: boolean;
}

export async function buildTestApp({ beforeReady, pgliteWorker = false, ...options }: TestAppOptions = {}): Promise<TestApp> {
  const clock: TestClock = {
    now: Date.now(),
    advance(ms) {
      this.now += ms;
    },
  };
  const base = process.env.TEST_DATABASE_URL;
  let cleanUp = async () => {};
  let connection: BuildAppOptions;
  if (base) {
    const scratch = await scratchPostgres(base, 'zbzj_test', { seeded: true });
    connection = { databaseUrl: scratch.url };
    cleanUp = scratch.drop;
  } else {
    const database = await openSeededPglite({ worker: pgliteWorker });
    connection = { db: database };
    cleanUp = () => database.close();
  }
  const app = buildApp({
    env: {},
    distDir: '/nonexistent-dist',
    // Suites change roles, grants and project selections directly in the database and expect the next
    // call to see it; the session cache (AUTH_CACHE_S) is exercised by sessionCache.test.ts, which sets it.
    authCacheS: 0,
    now: () => clock.now,
    ...connection,
    ...options,
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    clock,
    async close() {
      await app.close();
      await cleanUp();
    },
  };
}

export interface SignedRequest {
  method: 'GET' | 'POST';
  url: string;
  query?: Record<string, string | number | boolean | undefined>;
  form?: Record<string, string | number | boolean | undefined>;
  token?: string;
  remoteAddress?: string;
  /** Tamper with the signature headers (tests of the signature check). */
  apiKey?: string;
  secret?: string;
  nonce?: string;
  /** Sign as if the client's clock read this (ms); defaults to the app's clock. */
  signedAt?: number;
  /** Change these parameters after signing, as a man in the middle would. */
  tamper?: Record<string, string>;
  /** Replace or drop (undefined) individual headers after signing. */
  headers?: Record<string, string | undefined>;
}

export const newNonce = () => randomBytes(12).toString('hex');

function defined(params: Record<string, string | number | boolean | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined) out[k] = String(v);
  return out;
}

/** An /admin call exactly as the browser makes it: form-encoded POST or query GET, signed with sign.ts. */
export async function signedInject(app: FastifyInstance, req: SignedRequest): Promise<LightMyRequestResponse> {
  // As src/api/request.ts: a POST signs its inline query and its form fields together.
  const params = req.method === 'GET' ? defined(req.query ?? {}) : { ...defined(req.query ?? {}), ...defined(req.form ?? {}) };
  const signed = signRequest(
    params as SignParams,
    req.apiKey ?? DEMO_API_KEY.key,
    req.secret ?? DEMO_API_KEY.secret,
    req.nonce ?? newNonce(),
    req.signedAt ?? app.now(),
  );
  const headers: Record<string, string> = { ...signed };
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  for (const [name, value] of Object.entries(req.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  const search = new URLSearchParams({ ...(req.method === 'GET' ? params : defined(req.form ?? {})), ...req.tamper }).toString();
  if (req.method === 'GET') {
    return app.inject({
      method: 'GET',
      url: search ? `${req.url}?${search}` : req.url,
      headers,
      remoteAddress: req.remoteAddress,
    });
  }
  const inline = new URLSearchParams(defined(req.query ?? {})).toString();
  return app.inject({
    method: 'POST',
    url: inline ? `${req.url}?${inline}` : req.url,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: search,
    remoteAddress: req.remoteAddress,
  });
}

export function body<T = unknown>(res: LightMyRequestResponse): Envelope<T> {
  return res.json<Envelope<T>>();
}

/** Password login; returns the raw response and, on success, the token. */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  yhlx: '1' | '2' = '1',
  remoteAddress?: string,
): Promise<{ res: LightMyRequestResponse; body: Envelope<LoginResult | null>; token: string }> {
  const res = await signedInject(app, { method: 'POST', url: '/admin/login/token', form: { username, password, yhlx }, remoteAddress });
  const parsed = body<LoginResult | null>(res);
  return { res, body: parsed, token: parsed.data?.access_token ?? '' };
}

/** Logs in and fails the test loudly if that did not work. */
export async function tokenFor(app: FastifyInstance, username: string, password: string, yhlx: '1' | '2' = '1'): Promise<string> {
  const result = await login(app, username, password, yhlx);
  if (result.body.code !== 0) throw new Error(`login ${username} failed: ${result.body.msg}`);
  return result.token;
}

export const SEEDED = {
  admin: { username: 'admin', password: 'admin123456' },
  demo: { username: 'demo', password: 'demo123456' },
  edu: { username: 'edu', password: 'edu123456' },
  manager: { username: 'manager', password: 'manager123456' },
} as const;

/**
 * A second tenant: its own organiser, two projects with three activities, and one staff user authorised
 * for both projects (role 主办方员工 of the seed).
 */
export async function createSecondOrganiser(app: FastifyInstance) {
  const db = app.db;
  const [organiser] = await db.insert(t.organisers).values({ name: '锦程会议策划（杭州）有限公司' }).returning();
  const [p1, p2] = await db
    .insert(t.projects)
    .values([
      { organiserId: organiser.id, name: '2026杭州国际茶文化博览会', code: 'CWH2026', srq: '2026-05-08', erq: '2026-05-11', status: 2 },
      { organiserId: organiser.id, name: '2026西湖文旅产业大会', code: 'XHWL2026', srq: '2026-10-20', erq: '2026-10-21', status: 2 },
    ])
    .returning();
  await db.insert(t.activities).values([
    { organiserId: organiser.id, projectId: p1.id, name: '茶文化开幕式', srq: '2026-05-08', erq: '2026-05-08', address: '杭州市西湖区龙井路', status: 3 },
    { organiserId: organiser.id, projectId: p1.id, name: '斗茶大会', srq: '2026-05-09', erq: '2026-05-09', address: '杭州市西湖区梅家坞', status: 3 },
    { organiserId: organiser.id, projectId: p2.id, name: '文旅融合主论坛', srq: '2026-10-20', erq: '2026-10-20', address: '杭州市上城区钱江路', status: 3 },
  ]);
  const [user] = await db
    .insert(t.users)
    .values({ username: 'jcstaff', passwordHash: await hashPassword('jc123456'), nickName: '陈静', khlx: 3, organiserId: organiser.id })
    .returning();
  const [staffRole] = await db.select().from(t.roles).where(eq(t.roles.code, 'organiser_staff'));
  await db.insert(t.userRoles).values({ userId: user.id, roleId: staffRole.id });
  await db.insert(t.userProjects).values([
    { userId: user.id, projectId: p1.id },
    { userId: user.id, projectId: p2.id },
  ]);
  return { organiser, projects: [p1, p2], user: { ...user, password: 'jc123456' } };
}

/**
 * A staff user of the seeded organiser who may open every menu, holds the actions `keepAction` lets
 * through, and works on every project of the organiser: the tests' "someone without this one right".
 */
export async function createStaffUser(
  app: FastifyInstance,
  user: { username: string; password: string; nickName: string },
  role: { code: string; name: string },
  keepAction: (actionCode: string) => boolean,
): Promise<void> {
  const db = app.db;
  const [organiser] = await db.select().from(t.organisers).limit(1);
  const [roleRow] = await db.insert(t.roles).values(role).returning();
  const menus = await db.select({ id: t.menus.id }).from(t.menus);
  await db.insert(t.roleMenus).values(menus.map((m) => ({ roleId: roleRow.id, menuId: m.id })));
  const kept = (await db.select().from(t.actions)).filter((a) => keepAction(a.actionCode));
  if (kept.length) await db.insert(t.roleActions).values(kept.map((a) => ({ roleId: roleRow.id, actionId: a.id })));
  const [userRow] = await db
    .insert(t.users)
    .values({ username: user.username, passwordHash: await hashPassword(user.password), nickName: user.nickName, khlx: 3, organiserId: organiser.id })
    .returning();
  await db.insert(t.userRoles).values({ userId: userRow.id, roleId: roleRow.id });
  const projects = await db.select({ id: t.projects.id }).from(t.projects).where(eq(t.projects.organiserId, organiser.id));
  await db.insert(t.userProjects).values(projects.map((p) => ({ userId: userRow.id, projectId: p.id })));
}

let addressTurn = 0;
/**
 * A client address no other call of the file used: each test sends from its own, so a per-address limit
 * (sign-in, SMS codes, public look-ups) is met only where a test means to meet it.
 */
export function freshIp(): string {
  addressTurn += 1;
  return `10.250.${Math.floor(addressTurn / 250)}.${(addressTurn % 250) + 1}`;
}

let mobileTurn = 0;
/** A mobile number nothing seeded uses (server/seed/seedMeeting.ts's MOBILE_PREFIXES and the fixed seeds have no 166). */
export function freshMobile(): string {
  mobileTurn += 1;
  return `166${String(mobileTurn).padStart(8, '0')}`;
}

export type CallParams = Record<string, string | number | boolean | undefined>;

/** The reply to an /admin call: its status, the raw response (headers, files) and the envelope. */
export type CallReply<T> = { status: number; res: LightMyRequestResponse } & Envelope<T>;

/**
 * An /admin call (`url` below /admin) as the holder of `token` (none: not signed in): a GET carries
 * `params` in its query, a POST in its form, as the browser sends them. A reply that is a file has code 0
 * when its status is 200 and no data.
 */
export async function adminCall<T = unknown>(
  app: FastifyInstance,
  token: string | undefined,
  method: 'GET' | 'POST',
  url: string,
  params: CallParams = {},
  remoteAddress?: string,
): Promise<CallReply<T>> {
  const res = await signedInject(app, {
    method,
    url: `/admin${url}`,
    token,
    remoteAddress,
    ...(method === 'GET' ? { query: params } : { form: params }),
  });
  if (String(res.headers['content-type'] ?? '').includes('json')) return { status: res.statusCode, res, ...body<T>(res) };
  // A file (an export, a download): no envelope; the test reads `res`.
  return { status: res.statusCode, res, code: res.statusCode === 200 ? 0 : -1, msg: '', data: undefined as T };
}

/**
 * `call(who, method, url, params)` over a file's table of sign-in tokens (filled in its beforeAll, hence
 * read at each call); `who` null calls without a token.
 */
export function callerFor<Who extends string>(app: () => FastifyInstance, tokens: Record<Who, string>, remoteAddress?: string) {
  return <T = unknown>(who: Who | null, method: 'GET' | 'POST', url: string, params: CallParams = {}) =>
    adminCall<T>(app(), who === null ? undefined : tokens[who], method, url, params, remoteAddress);
}

/**
 * A bulk move queues its messages as a fan-out the outbox worker expands after the request
 * (server/modules/meeting/statusFanout.service.ts). Resolves when none is left: expanded here (`expand`, the default)
 * and by a running worker, or, with `expand: false`, by the worker alone. A fan-out that failed (or
 * is still there after `timeoutMs`) fails the test with its last error.
 */
export async function fanoutsExpanded(app: FastifyInstance, { expand = true, timeoutMs = 10_000 }: { expand?: boolean; timeoutMs?: number } = {}): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (expand) await expandFanouts(app.db, app.now());
    const left = await app.db.select({ id: t.outboxFanouts.id, lastError: t.outboxFanouts.lastError }).from(t.outboxFanouts);
    if (!left.length) return;
    const failed = left.find((row) => row.lastError);
    if (failed || Date.now() > until) throw new Error(`${left.length} fan-out(s) not expanded: ${failed?.lastError ?? 'timed out'}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
