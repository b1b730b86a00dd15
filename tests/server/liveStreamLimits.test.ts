import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { liveStreamLeases } from '../../server/db/schema';
import { sha256Hex } from '../../server/lib/secrets';
import { MSG } from '../../server/messages';
import { LEASE_MS } from '../../server/services/liveStreamLeases';
import { MAX_STREAMS_PER_SESSION } from '../../server/services/liveStreams';
import { adminCall, buildTestApp, SEEDED, tokenFor, twoReplicas, type TestApp } from './helpers';

/**
 * A session holds at most MAX_STREAMS_PER_SESSION live streams at once (server/modules/live/live.routes.ts),
 * counted across the replicas that share the database (server/services/liveStreamLeases.ts).
 */
let t: TestApp;
let url = '';

interface Opened {
  status: number;
  body: string;
  close: () => Promise<void>;
}

/** Opens a stream of `token`'s session on `app` (listening at `base`); an open one is read from until closed. */
async function openOn(app: FastifyInstance, base: string, token: string): Promise<Opened> {
  const ticket = await adminCall<{ ticket: string }>(app, token, 'POST', '/live/ticket');
  expect(ticket.code, ticket.msg).toBe(0);
  const controller = new AbortController();
  const res = await fetch(`${base}/admin/live/stream?ticket=${encodeURIComponent(ticket.data.ticket)}`, { signal: controller.signal });
  if (!res.ok || !res.body) return { status: res.status, body: await res.text(), close: async () => {} };
  const reading = (async () => {
    for await (const chunk of res.body!) void chunk;
  })().catch(() => {});
  return {
    status: res.status,
    body: '',
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** Opens until one is let in: the server hears of a closed connection a moment after the browser drops it. */
async function openOnceRoom(app: FastifyInstance, base: string, token: string): Promise<Opened> {
  let stream = await openOn(app, base, token);
  for (let i = 0; stream.status !== 200 && i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    stream = await openOn(app, base, token);
  }
  return stream;
}

describe('one replica', () => {
  beforeAll(async () => {
    t = await buildTestApp({ loginRateMax: 1000 });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => t.close());

  it(`refuses a session's stream beyond ${MAX_STREAMS_PER_SESSION} open at once, with why; another session is not held back, and one closed makes room`, async () => {
    const token = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await openOn(t.app, url, token));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));

    const refused = await openOn(t.app, url, token);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 429, msg: MSG.liveStreamsTooMany(MAX_STREAMS_PER_SESSION) });

    const otherSession = await openOn(t.app, url, await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password));
    expect(otherSession.status).toBe(200);

    await streams[0].close();
    const again = await openOnceRoom(t.app, url, token);
    expect(again.status).toBe(200);
    for (const stream of [...streams.slice(1), otherSession, again]) await stream.close();
  }, 60_000);
});

describe('two replicas on one database', () => {
  const clock = { now: Date.now() };
  let a: FastifyInstance;
  let b: FastifyInstance;
  let aUrl = '';
  let bUrl = '';
  let cleanUp = async () => {};

  beforeAll(async () => {
    const replica = (connection: Parameters<typeof buildApp>[0]) =>
      buildApp({ env: {}, distDir: '/nonexistent-dist', authCacheS: 0, loginRateMax: 1000, now: () => clock.now, ...connection });
    ({ a, b, dropDatabase: cleanUp } = await twoReplicas(replica, { seeded: true }));
    aUrl = await a.listen({ port: 0, host: '127.0.0.1' });
    bUrl = await b.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    // fetch keeps its connections to both servers; a server closing waits for them otherwise.
    for (const app of [a, b]) app?.server.closeAllConnections();
    await Promise.all([a?.close(), b?.close()]);
    await cleanUp();
  });

  it(`counts a session's streams on both: ${MAX_STREAMS_PER_SESSION} in all, and one closed on either makes room on the other`, async () => {
    const token = await tokenFor(a, SEEDED.demo.username, SEEDED.demo.password);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(i % 2 ? await openOn(b, bUrl, token) : await openOn(a, aUrl, token));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));

    for (const [app, base] of [[a, aUrl], [b, bUrl]] as const) {
      const refused = await openOn(app, base, token);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ msg: MSG.liveStreamsTooMany(MAX_STREAMS_PER_SESSION) });
    }

    // streams[0] is on A: its place goes to a stream on B.
    await streams[0].close();
    const again = await openOnceRoom(b, bUrl, token);
    expect(again.status).toBe(200);
    expect((await openOn(a, aUrl, token)).status).toBe(429);
    for (const stream of [...streams.slice(1), again]) await stream.close();
  }, 60_000);

  it('lets the session in again once the places a killed replica held have lapsed', async () => {
    const token = await tokenFor(a, SEEDED.demo.username, SEEDED.demo.password);
    const tokenHash = sha256Hex(token);
    // A replica that held five of the session's streams and died: its rows stay, renewed no more.
    await a.db.insert(liveStreamLeases).values(Array.from({ length: MAX_STREAMS_PER_SESSION }, () => ({ tokenHash, leaseUntil: new Date(clock.now + LEASE_MS) })));
    expect((await openOn(b, bUrl, token)).status).toBe(429);

    clock.now += LEASE_MS + 1000;
    const stream = await openOn(b, bUrl, token);
    expect(stream.status).toBe(200);
    await stream.close();
  }, 60_000);
});
