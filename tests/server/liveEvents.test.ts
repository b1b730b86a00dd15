import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { insertGate, insertPerson, scopeOf, type Scope } from './meetingFixtures';
import { adminCall, createSecondOrganiser, createStaffUser, SEEDED, tokenFor, twoReplicas } from './helpers';

/**
 * Two replicas over one database (one PGlite cluster through two handles, or — with TEST_DATABASE_URL —
 * one PostgreSQL database): what happens on one is heard on the other within a second, through the
 * change feed (server/services/changeFeed.ts) and the event stream (server/modules/live/live.routes.ts).
 */
let a: FastifyInstance;
let b: FastifyInstance;
let bUrl = '';
let cleanUp = async () => {};

let demoScope: Scope;
let otherScope: Scope;
let demoToken = '';
let otherToken = '';
let other: Awaited<ReturnType<typeof createSecondOrganiser>>;
const gates: Record<string, number> = {};

function replica(connection: { db: Database } | { databaseUrl: string }): FastifyInstance {
  // AUTH_CACHE_S as deployed: without the feed, a sign-out would be honoured elsewhere only 5 s later.
  return buildApp({ env: {}, distDir: '/nonexistent-dist', authCacheS: 5, loginRateMax: 1000, ...connection });
}

beforeAll(async () => {
  ({ a, b, dropDatabase: cleanUp } = await twoReplicas(replica));
  bUrl = await b.listen({ port: 0, host: '127.0.0.1' });

  other = await createSecondOrganiser(a);
  demoToken = await tokenFor(a, SEEDED.demo.username, SEEDED.demo.password);
  otherToken = await tokenFor(a, other.user.username, other.user.password);
  const [demo] = await a.db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
  const [act] = await a.db.select().from(schema.activities).where(eq(schema.activities.organiserId, demo.organiserId!)).limit(1);
  demoScope = scopeOf(act);
  const [o] = await a.db.select().from(schema.activities).where(eq(schema.activities.organiserId, other.organiser.id)).limit(1);
  otherScope = scopeOf(o);
  gates.demo = await insertGate(a.db, demoScope, { name: '直播LIVE-1', deviceNo: 'LIVE-1' });
  gates.other = await insertGate(a.db, otherScope, { name: '直播LIVE-2', deviceNo: 'LIVE-2' });
  // A running server has answered scans before: the first one's statement preparation is not the feed's delay.
  await checkIn(demoToken, gates.demo, demoScope);
}, 120_000);

let bClosed = false;
afterAll(async () => {
  await Promise.all([a?.close(), bClosed ? undefined : b?.close()]);
  await cleanUp();
});

const newAttendee = async (scope: Scope) => (await insertPerson(a.db, scope, { name: '直播测试', company: null })).code;

/** A check-in on replica A (of a new attendee, or of the one whose code is given). */
async function checkIn(token: string, gate: number, scope: Scope, code?: string): Promise<void> {
  const r = await adminCall(a, token, 'POST', '/gate/gate/scan', { gateId: gate, code: code ?? (await newAttendee(scope)) });
  expect(r.code, r.msg).toBe(0);
}

interface SseEvent {
  id?: string;
  event: string;
  data: string;
  at: number;
}

/** An EventSource's view of a stream of replica B, read with fetch. */
class Stream {
  readonly events: SseEvent[] = [];
  private readonly controller = new AbortController();
  private waiters: Array<() => void> = [];
  status = 0;
  done: Promise<void> = Promise.resolve();

  static async open(app: FastifyInstance, token: string, lastEventId?: string): Promise<Stream> {
    const ticket = await adminCall<{ ticket: string }>(app, token, 'POST', '/live/ticket');
    expect(ticket.code, ticket.msg).toBe(0);
    return Stream.openWith(ticket.data.ticket, lastEventId);
  }

  static async openWith(ticket: string, lastEventId?: string): Promise<Stream> {
    const stream = new Stream();
    const res = await fetch(`${bUrl}/admin/live/stream?ticket=${encodeURIComponent(ticket)}`, {
      headers: lastEventId ? { 'last-event-id': lastEventId } : {},
      signal: stream.controller.signal,
    });
    stream.status = res.status;
    if (res.ok && res.body) stream.done = stream.read(res.body).catch(() => {});
    else await res.text();
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = { event: 'message', data: '', at: performance.now() };
        let hasData = false;
        for (const line of block.split('\n')) {
          const [field, ...rest] = line.split(': ');
          if (field === 'id') event.id = rest.join(': ');
          if (field === 'event') event.event = rest.join(': ');
          if (field === 'data') [event.data, hasData] = [rest.join(': '), true];
        }
        if (hasData) this.events.push(event);
        for (const wake of this.waiters.splice(0)) wake();
      }
    }
  }

  named(name: string): SseEvent[] {
    return this.events.filter((e) => e.event === name);
  }

  /** Waits until `count` events named `name` have arrived (or the time is up, then returns what there is). */
  async until(name: string, count: number, timeoutMs = 3000): Promise<SseEvent[]> {
    const deadline = performance.now() + timeoutMs;
    while (this.named(name).length < count && performance.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.named(name);
  }

  close(): void {
    this.controller.abort();
  }
}

describe('check-ins reach the other replica', () => {
  it('brings a check-in on A to a stream on B within a second, with its activity', async () => {
    const stream = await Stream.open(b, demoToken);
    expect(stream.status).toBe(200);
    const code = await newAttendee(demoScope);
    const started = performance.now();
    await checkIn(demoToken, gates.demo, demoScope, code);
    const [event] = await stream.until('checkin', 1);
    expect(event, 'no check-in event').toBeDefined();
    expect(event.at - started).toBeLessThan(1000);
    expect(JSON.parse(event.data)).toEqual({ activityId: demoScope.activityId, projectId: demoScope.projectId });
    expect(event.id).toBeTruthy();
    stream.close();
  });

  it("does not tell one organiser's user of another organiser's check-ins", async () => {
    const demoStream = await Stream.open(b, demoToken);
    const otherStream = await Stream.open(b, otherToken);
    await checkIn(demoToken, gates.demo, demoScope);
    await demoStream.until('checkin', 1);
    // The other organiser's own check-in arrives, so the stream works and the demo's was held back.
    await checkIn(otherToken, gates.other, otherScope);
    const seen = await otherStream.until('checkin', 1);
    expect(seen.map((e) => JSON.parse(e.data).activityId)).toEqual([otherScope.activityId]);
    expect(demoStream.named('checkin')).toHaveLength(1);
    demoStream.close();
    otherStream.close();
  });

  it('resumes after Last-Event-ID with the events missed, and asks an unknown id to reload', async () => {
    const first = await Stream.open(b, demoToken);
    await checkIn(demoToken, gates.demo, demoScope);
    const [seen] = await first.until('checkin', 1);
    first.close();
    await checkIn(demoToken, gates.demo, demoScope);
    await checkIn(demoToken, gates.demo, demoScope);
    // Let the notifications reach B before the resume asks for them.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const resumed = await Stream.open(b, demoToken, seen.id);
    const missed = await resumed.until('checkin', 2);
    expect(missed).toHaveLength(2);
    expect(new Set(missed.map((e) => e.id)).size).toBe(2);
    expect(missed.map((e) => e.id)).not.toContain(seen.id);
    resumed.close();

    const lost = await Stream.open(b, demoToken, 'nobody.1');
    expect(await lost.until('resync', 1)).toHaveLength(1);
    lost.close();
  });
});

describe('a grant changed on A', () => {
  it("narrows what an open stream on B hears: a project taken away, its activities' check-ins stop", async () => {
    await createStaffUser(a, { username: 'livestaff', password: 'live123456', nickName: '现场值守' }, { code: 'live_staff', name: '现场值守' }, () => true);
    const staffToken = await tokenFor(a, 'livestaff', 'live123456');
    const [staff] = await a.db.select().from(schema.users).where(eq(schema.users.username, 'livestaff'));
    const [elsewhere] = await a.db
      .select()
      .from(schema.projects)
      .where(and(eq(schema.projects.organiserId, demoScope.organiserId), ne(schema.projects.id, demoScope.projectId)))
      .limit(1);
    const staffStream = await Stream.open(b, staffToken);
    const demoStream = await Stream.open(b, demoToken);
    await checkIn(demoToken, gates.demo, demoScope);
    expect(await staffStream.until('checkin', 1)).toHaveLength(1);

    const adminToken = await tokenFor(a, SEEDED.admin.username, SEEDED.admin.password);
    const granted = await adminCall(a, adminToken, 'POST', '/system/user/grantScope', { id: staff.id, projectIds: String(elsewhere.id), activityIds: '' });
    expect(granted.code, granted.msg).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await checkIn(demoToken, gates.demo, demoScope);
    // The demo's stream hears the second check-in; the staff member's, no longer authorised, does not.
    expect(await demoStream.until('checkin', 2)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(staffStream.named('checkin')).toHaveLength(1);
    staffStream.close();
    demoStream.close();
  });
});

describe('notices reach the bells of the other replica', () => {
  it("tells the organiser's streams on B of a notice published on A, and not another organiser's", async () => {
    const demoStream = await Stream.open(b, demoToken);
    const otherStream = await Stream.open(b, otherToken);
    const saved = await adminCall<{ id: number }>(a, demoToken, 'POST', '/notice/notice/save', { title: '直播测试通知', category: 2, audience: 1, content: '请知悉。' });
    expect(saved.code, saved.msg).toBe(0);
    // A draft reaches nobody: the bell hears only of the publication.
    const started = performance.now();
    const published = await adminCall(a, demoToken, 'POST', '/notice/notice/updateStatus', { id: saved.data.id, status: 1 });
    expect(published.code, published.msg).toBe(0);
    const [event] = await demoStream.until('notice', 1);
    expect(event, 'no notice event').toBeDefined();
    expect(event.at - started).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(demoStream.named('notice')).toHaveLength(1);
    expect(otherStream.named('notice')).toHaveLength(0);
    demoStream.close();
    otherStream.close();
  });
});

describe('the stream ticket', () => {
  it('opens nothing when forged, and nothing once its session signed out', async () => {
    expect((await Stream.openWith('1.9999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(401);
    const token = await tokenFor(a, SEEDED.demo.username, SEEDED.demo.password);
    const ticket = await adminCall<{ ticket: string }>(a, token, 'POST', '/live/ticket');
    expect((await adminCall(a, token, 'POST', '/login/remove/token', { token })).code).toBe(0);
    expect((await Stream.openWith(ticket.data.ticket)).status).toBe(401);
  });
});

describe('the stream ticket is used once', () => {
  it('opens one stream: the same ticket again opens nothing, while that stream is open or after', async () => {
    const token = await tokenFor(a, SEEDED.demo.username, SEEDED.demo.password);
    const ticket = await adminCall<{ ticket: string }>(a, token, 'POST', '/live/ticket');
    const first = await Stream.openWith(ticket.data.ticket);
    expect(first.status).toBe(200);
    expect((await Stream.openWith(ticket.data.ticket)).status).toBe(401);
    first.close();
    await first.done;
    expect((await Stream.openWith(ticket.data.ticket)).status).toBe(401);
  });
});

describe('sessions end on every replica', () => {
  /** How long B keeps accepting `token` after `change` ran on A (polling every 20 ms, up to 3 s). */
  async function refusedOnBAfter(token: string, change: () => Promise<void>): Promise<number> {
    // B has the session in its cache (AUTH_CACHE_S = 5): without the feed it would answer for seconds.
    expect((await adminCall(b, token, 'GET', '/current/user')).status).toBe(200);
    const started = performance.now();
    await change();
    while (performance.now() - started < 3000) {
      if ((await adminCall(b, token, 'GET', '/current/user')).status === 401) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Infinity;
  }

  it('refuses a token on B within a second of its sign-out on A, and ends its stream', async () => {
    const token = await tokenFor(a, SEEDED.demo.username, SEEDED.demo.password);
    const stream = await Stream.open(b, token);
    const elapsed = await refusedOnBAfter(token, async () => {
      expect((await adminCall(a, token, 'POST', '/login/remove/token', { token })).code).toBe(0);
    });
    expect(elapsed).toBeLessThan(1000);
    expect(await stream.until('end', 1)).toHaveLength(1);
    await stream.done;
  });

  it('refuses a disabled user on B within a second', async () => {
    const token = await tokenFor(a, other.user.username, other.user.password);
    const adminToken = await tokenFor(a, SEEDED.admin.username, SEEDED.admin.password);
    const elapsed = await refusedOnBAfter(token, async () => {
      const r = await adminCall(a, adminToken, 'POST', '/system/user/updateStatus', { id: other.user.id, status: 0 });
      expect(r.code, r.msg).toBe(0);
    });
    expect(elapsed).toBeLessThan(1000);
  });
});

describe('a stop', () => {
  it('ends the open streams and their connections, so the server does not wait for them', async () => {
    const stream = await Stream.open(b, demoToken);
    const started = performance.now();
    bClosed = true;
    const closing = b.close();
    // The stream's response ends, and its connection with it (the reader's loop finishes).
    await stream.done;
    expect(performance.now() - started).toBeLessThan(1000);
    expect(stream.named('end')).toHaveLength(1);
    await closing;
  });
});
