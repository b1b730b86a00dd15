import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { expandFanoutChunk, expandFanouts } from '../../server/modules/meeting/statusFanout.service';
import { createOutboxWorker } from '../../server/services/outbox/worker';
import { emailChannel, smsChannel } from '../../server/services/outbox/channels';
import { queryRows } from '../../server/services/sql';
import { adminCall, buildTestApp, freshMobile, SEEDED, seeded, tokenFor, type TestApp } from './helpers';
import { insertPersons, scopeOf, type InsertedPerson, type Scope } from './meetingFixtures';

/**
 * 审核通过 / 登记取消 of a bulk move reach the outbox through one fan-out row that the worker expands a
 * chunk at a time (server/modules/meeting/statusFanout.service.ts). The worker is off here: each test expands when
 * it chooses, as the worker (or a restarted one) would. With TEST_DATABASE_URL the same tests run on
 * PostgreSQL, where the concurrent expansions really run side by side.
 */

const PUBLIC_URL = 'https://hz.example.com';
let t0: TestApp;
let token = '';
let opening: Scope;

beforeAll(async () => {
  t0 = await buildTestApp({ outboxWorker: false, publicUrl: PUBLIC_URL });
  t0.clock.now = seeded.instant('2026-11-20T10:00:00+08:00').getTime();
  opening = scopeOf((await t0.app.db.select().from(t.activities).where(eq(t.activities.name, '开幕式暨智慧城市发展主论坛')))[0]);
  token = await tokenFor(t0.app, SEEDED.demo.username, SEEDED.demo.password);
});
afterAll(() => t0?.close());

/** Pending attendees of 开幕式 with an email and a mobile each; `prefix` + a letter is a name no other contains. */
async function insertAttendees(prefix: string, n: number): Promise<InsertedPerson[]> {
  const people = Array.from({ length: n }, (_, i) => {
    const mobile = freshMobile();
    return { name: `${prefix}${String.fromCharCode(65 + i)}`, kind: 1, status: 0, mobile, email: `${prefix}${i + 1}@example.com`, badgeNo: `FAN${mobile}`, passport: null } as const;
  });
  return insertPersons(t0.app.db, opening, people);
}

interface Queued {
  personId: number;
  channel: string;
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  createdAt: Date;
}

const queued = (people: InsertedPerson[], kind: string) =>
  queryRows<Queued>(
    t0.app.db,
    sql`select person_id as "personId", channel, recipient, subject, text, html, created_at as "createdAt" from outbox_messages
        where kind = ${kind} and person_id in ${people.map((p) => p.id)} order by person_id, channel`,
  );

/** Each person's [email, sms] recipients, once each: what no duplicate and no gap looks like. */
const oncePerChannel = (people: InsertedPerson[]) => people.flatMap((p) => [[p.id, 'email', p.email], [p.id, 'sms', p.mobile]]);

const bulk = async (action: 'bulkApprove' | 'bulkCancel', people: InsertedPerson[]) => {
  const r = await adminCall<{ done: number }>(t0.app, token, 'POST', `/person/person/${action}`, { ids: people.map((p) => p.id).join(','), ...(action === 'bulkCancel' ? { remark: '主办方取消' } : {}) });
  expect(r.code, r.msg).toBe(0);
  expect(r.data.done).toBe(people.length);
};

const fanouts = () => t0.app.db.select().from(t.outboxFanouts);

describe('bulk 审核通过 through a fan-out', () => {
  it('queues nothing in the request but one fan-out; expanded, one message per channel per person, worded as a single approval’s', async () => {
    const [single, ...people] = await insertAttendees('fanword', 5);
    const one = await adminCall(t0.app, token, 'POST', '/person/person/updateStatus', { id: single.id, status: 1 });
    expect(one.code, one.msg).toBe(0);
    // A single move still queues at once.
    const reference = await queued([single], 'approved');
    expect(reference.map((m) => m.channel)).toEqual(['email', 'sms']);

    const movedAt = t0.clock.now;
    await bulk('bulkApprove', people);
    expect(await queued(people, 'approved')).toEqual([]);
    const [fanout] = await fanouts();
    expect(fanout).toMatchObject({ kind: 'approved', personIds: people.map((p) => p.id), origin: PUBLIC_URL });

    t0.clock.advance(60_000);
    expect(await expandFanouts(t0.app.db, t0.app.now())).toBe(people.length * 2);
    expect(await fanouts()).toEqual([]);
    const messages = await queued(people, 'approved');
    expect(messages.map((m) => [m.personId, m.channel, m.recipient])).toEqual(oncePerChannel(people));
    // The same words as the single approval's but for the name and the personal link's code, as of the move's time.
    const as = (p: InsertedPerson, text: string | null) => text?.replaceAll(single.name, p.name).replaceAll(single.code, p.code) ?? null;
    for (const p of people) {
      const [email, sms] = messages.filter((m) => m.personId === p.id);
      expect(email.text).toContain(`${PUBLIC_URL}/zbzj/pre/mine?code=${p.code}`);
      expect([email.subject, email.text, email.html, sms.text]).toEqual([reference[0].subject, as(p, reference[0].text), as(p, reference[0].html), as(p, reference[1].text)]);
      expect(new Date(email.createdAt).getTime()).toBe(movedAt);
    }
  });

  it('a fan-out of several chunks loses none and doubles none when the expansion stops between chunks', async () => {
    const people = await insertAttendees('fanstop', 12);
    await bulk('bulkApprove', people);
    const first = await expandFanoutChunk(t0.app.db, t0.app.now(), 5);
    expect(first).toMatchObject({ persons: 5, messages: 10, done: false });
    expect((await queued(people, 'approved')).map((m) => m.personId)).toEqual(people.slice(0, 5).flatMap((p) => [p.id, p.id]));
    const [left] = await fanouts();
    expect(left.personIds).toEqual(people.slice(5).map((p) => p.id));

    // "Restart": a new worker finds the rest when it starts, with no kick.
    const config = t0.app.config;
    const worker = createOutboxWorker({ db: t0.app.db, now: () => t0.clock.now, log: t0.app.log, config, channels: { email: emailChannel(config), sms: smsChannel(config) }, expandFanoutChunk });
    worker.start();
    try {
      const until = Date.now() + 10_000;
      while ((await fanouts()).length && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await worker.stop();
    }
    expect(await fanouts()).toEqual([]);
    expect((await queued(people, 'approved')).map((m) => [m.personId, m.channel, m.recipient])).toEqual(oncePerChannel(people));
  });

  it('two expansions at once on one database write each message once', async () => {
    const people = await insertAttendees('fanpair', 20);
    const cancelled = await insertAttendees('fanpairx', 7);
    await bulk('bulkApprove', people);
    await bulk('bulkApprove', cancelled);
    await bulk('bulkCancel', cancelled);
    expect(await fanouts()).toHaveLength(3);
    const written = await Promise.all([expandFanouts(t0.app.db, t0.app.now(), 3), expandFanouts(t0.app.db, t0.app.now(), 3)]);
    // What one of them could not take (held by the other) is taken by a later pass: none here.
    written.push(await expandFanouts(t0.app.db, t0.app.now(), 3));
    expect(written.reduce((a, b) => a + b, 0)).toBe((people.length + cancelled.length * 2) * 2);
    expect(await fanouts()).toEqual([]);
    expect((await queued(people, 'approved')).map((m) => [m.personId, m.channel, m.recipient])).toEqual(oncePerChannel(people));
    expect((await queued(cancelled, 'approved')).map((m) => [m.personId, m.channel, m.recipient])).toEqual(oncePerChannel(cancelled));
    expect((await queued(cancelled, 'cancelled')).map((m) => [m.personId, m.channel, m.recipient])).toEqual(oncePerChannel(cancelled));
  });

  it('a chunk that fails writes nothing, keeps its persons and is tried again later', async () => {
    const people = await insertAttendees('fanfail', 3);
    const [organiser] = await t0.app.db.select({ id: t.organisers.id }).from(t.organisers).limit(1);
    const now = t0.app.now();
    const [bad] = await t0.app.db
      .insert(t.outboxFanouts)
      .values({ organiserId: organiser.id, kind: 'no-such-kind', personIds: people.map((p) => p.id), origin: PUBLIC_URL, createdAt: new Date(now), nextAttemptAt: new Date(now) })
      .returning();
    await expect(expandFanoutChunk(t0.app.db, now)).rejects.toThrow();
    const after = (await fanouts()).find((row) => row.id === bad.id)!;
    expect(after).toMatchObject({ id: bad.id, personIds: bad.personIds, attempts: 1 });
    expect(after.lastError).toBeTruthy();
    expect(after.nextAttemptAt.getTime()).toBeGreaterThan(now);
    expect(await queryRows(t0.app.db, sql`select 1 from outbox_messages where person_id in ${people.map((p) => p.id)}`)).toEqual([]);
    // Not due yet: another pass leaves it alone.
    expect(await expandFanoutChunk(t0.app.db, now)).toBeNull();
    await t0.app.db.delete(t.outboxFanouts).where(eq(t.outboxFanouts.id, bad.id));
  });
});
