import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { nonces } from '../../server/db/schema';
import { nonceStore } from '../../server/services/nonces';
import { body, buildTestApp, newNonce, openSeededPglite, signedInject } from './helpers';

/**
 * The signature's nonces. On PostgreSQL replicas share the table; PGlite belongs to one process, which
 * decides in memory and writes the claims behind (server/services/nonces.ts). Either way a replayed
 * request is refused, whichever app over the database sees it, and on PGlite a restart remembers.
 */
const wrongLogin = { method: 'POST' as const, url: '/admin/login/token', form: { username: '张三', password: 'x', yhlx: '1' } };
const onPglite = !process.env.TEST_DATABASE_URL;

describe('nonces', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const item of opened.reverse()) await item.close();
  });

  it('refuse a replayed request, also when a second app over the same database receives it', async () => {
    const single = await buildTestApp();
    opened.push(single);
    const nonce = newNonce();
    expect((await signedInject(single.app, { ...wrongLogin, nonce })).statusCode).toBe(200);
    const replay = await signedInject(single.app, { ...wrongLogin, nonce });
    expect(replay.statusCode).toBe(400);
    expect(body(replay).msg).toBe('重复的请求已被拒绝');
    if (!onPglite) return;
    // Two apps in one process over one PGlite handle (what a second app of this process would be): one store.
    const database = await openSeededPglite();
    opened.push(database);
    const [a, b] = [await buildTestApp({ db: database }), await buildTestApp({ db: database })];
    opened.push(a, b);
    const shared = newNonce();
    expect((await signedInject(a.app, { ...wrongLogin, nonce: shared })).statusCode).toBe(200);
    expect(body(await signedInject(b.app, { ...wrongLogin, nonce: shared })).msg).toBe('重复的请求已被拒绝');
  });

  it.runIf(onPglite)('on PGlite: decided in memory, written to the table within a second, and read back after a restart', async () => {
    // A data directory on disk, closed and opened again as a restarted server would.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'zbzj-nonces-'));
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const store = nonceStore(database.db, 300);
    const now = Date.now();
    const nonce = newNonce();
    expect(await store.claim('key', nonce, now)).toBe(true);
    expect(await store.claim('key', nonce, now + 1000)).toBe(false);
    // Another key may use the same nonce; the window's end frees it.
    expect(await store.claim('other', nonce, now)).toBe(true);
    expect(await store.claim('key', nonce, now + 301_000)).toBe(true);
    await store.flush();
    const rows = await database.db.select().from(nonces).where(eq(nonces.nonce, nonce));
    expect(rows.map((r) => r.apiKey).sort()).toEqual(['key', 'other']);
    await database.close();

    const restarted = await openDatabase({ dataDir });
    opened.push({ close: async () => { await restarted.close(); rmSync(dataDir, { recursive: true, force: true }); } });
    const after = nonceStore(restarted.db, 300);
    expect(await after.claim('other', nonce, now + 2000)).toBe(false);
    expect(await after.claim('other', newNonce(), now + 2000)).toBe(true);
  });

  it('decide claims sent at once one by one: of one nonce sent six times together, exactly one is accepted', async () => {
    // On PostgreSQL the claims that arrive while an insert is in flight go in the next one, together.
    const built = await buildTestApp();
    opened.push(built);
    const store = nonceStore(built.app.db, 300);
    const now = Date.now();
    const same = newNonce();
    const distinct = Array.from({ length: 20 }, () => newNonce());
    const results = await Promise.all([
      ...distinct.map((nonce) => store.claim('key', nonce, now)),
      ...Array.from({ length: 6 }, () => store.claim('key', same, now)),
    ]);
    expect(results.slice(0, 20)).toEqual(distinct.map(() => true));
    expect(results.slice(20).filter(Boolean)).toHaveLength(1);
    // The window's end frees it, once.
    expect(await Promise.all([store.claim('key', same, now + 301_000), store.claim('key', same, now + 301_000)])).toEqual([true, false]);
    expect(await store.claim('key', same, now + 302_000)).toBe(false);
  });
});
