import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDOFF_TICKET_TTL_S, type HandoffSession, type HandoffTicket } from '@domain/session/session.contracts';
import { DEMO_SSO_SECRET } from '../../server/config';
import { oneTimeTickets, tokens } from '../../server/db/schema';
import { mintSsoTicket } from '../../server/lib/ssoTicket';
import { sha256Hex } from '../../server/lib/secrets';
import { MSG } from '../../server/messages';
import { queryRows } from '../../server/services/sql';
import { body, buildTestApp, DAY_MS, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * `?token=` links carry a one-time hand-off ticket only (domain/session/session.contracts.ts): issued by a
 * signed-in session or after an SSO ticket, valid 60 s, used once, kept hashed; a session token is no ticket.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
}, 60_000);
afterAll(() => t.close());

const issue = (token: string) => signedInject(t.app, { method: 'POST', url: '/admin/login/handoff', token });
const redeem = (ticket: string) => signedInject(t.app, { method: 'POST', url: '/admin/login/handoff/redeem', form: { ticket } });
const currentUser = (token: string) => signedInject(t.app, { method: 'GET', url: '/admin/current/user', token });
const expiryOf = async (token: string) => (await t.app.db.select({ at: tokens.expiresAt }).from(tokens).where(eq(tokens.tokenHash, sha256Hex(token))))[0].at.getTime();

describe('a hand-off ticket from a signed-in session', () => {
  it('opens a session of its own once, no longer than the issuing one; the table holds only its hash', async () => {
    const issuer = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
    const issued = body<HandoffTicket>(await issue(issuer));
    expect(issued.code, issued.msg).toBe(0);
    expect(issued.data.expiresIn).toBe(HANDOFF_TICKET_TTL_S);
    const rows = await t.app.db.select().from(oneTimeTickets).where(eq(oneTimeTickets.ticketHash, sha256Hex(issued.data.ticket)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(issued.data.ticket);

    const first = body<HandoffSession>(await redeem(issued.data.ticket));
    expect(first.code, first.msg).toBe(0);
    expect(first.data.access_token).not.toBe(issuer);
    expect((await currentUser(first.data.access_token)).json<{ data: { username: string } }>().data.username).toBe(SEEDED.demo.username);
    // A password session lives a day: the new one ends with it, and says so.
    expect(await expiryOf(first.data.access_token)).toBeLessThanOrEqual(await expiryOf(issuer));
    expect(first.data.expiresIn).toBeLessThanOrEqual(24 * 3600);
    expect(first.data.expiresIn).toBeGreaterThan(24 * 3600 - 60);

    expect(body(await redeem(issued.data.ticket))).toMatchObject({ code: 1, msg: MSG.handoffInvalid });
  });

  it(`is refused after ${HANDOFF_TICKET_TTL_S} s, and once the issuing session signed out`, async () => {
    const issuer = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
    const late = body<HandoffTicket>(await issue(issuer)).data.ticket;
    t.clock.advance(HANDOFF_TICKET_TTL_S * 1000 + 1);
    expect(body(await redeem(late))).toMatchObject({ code: 1, msg: MSG.handoffInvalid });

    const orphan = body<HandoffTicket>(await issue(issuer)).data.ticket;
    expect(body(await signedInject(t.app, { method: 'POST', url: '/admin/login/remove/token', token: issuer, form: { token: issuer } })).code).toBe(0);
    expect(body(await redeem(orphan))).toMatchObject({ code: 1, msg: MSG.handoffInvalid });
  });

  it('needs a signed-in session to be issued', async () => {
    expect((await issue('')).statusCode).toBe(401);
  });
});

describe('a session token where a ticket belongs', () => {
  it('is refused with why, and signs nobody in', async () => {
    const token = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
    const [{ n: before }] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from tokens`);
    const res = await redeem(token);
    expect(res.statusCode).toBeLessThan(500);
    expect(body(res)).toMatchObject({ code: 1, msg: MSG.handoffInvalid, data: null });
    const [{ n: after }] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from tokens`);
    expect(after).toBe(before);
  });
});

describe('SSO through a hand-off ticket (the exhibitor entry)', () => {
  const ssoHandoff = (ticket: string, yhlx = '1') => signedInject(t.app, { method: 'POST', url: '/admin/api/login/ssohandoff', form: { ticket, yhlx } });

  it('trades an SSO ticket once for a hand-off ticket, which opens a 7-day SSO session', async () => {
    const sso = mintSsoTicket(DEMO_SSO_SECRET, SEEDED.demo.username, 5 * 60_000, t.clock.now);
    const handed = body<HandoffTicket>(await ssoHandoff(sso));
    expect(handed.code, handed.msg).toBe(0);
    expect(body(await ssoHandoff(sso))).toMatchObject({ code: 1, msg: MSG.ssoReused });

    const session = body<HandoffSession>(await redeem(handed.data.ticket));
    expect(session.code, session.msg).toBe(0);
    expect(session.data.expiresIn).toBe(7 * 24 * 3600);
    const [row] = await t.app.db.select({ kind: tokens.kind }).from(tokens).where(eq(tokens.tokenHash, sha256Hex(session.data.access_token)));
    expect(row.kind).toBe('sso');
    t.clock.advance(7 * DAY_MS - 60_000);
    expect((await currentUser(session.data.access_token)).statusCode).toBe(200);
  });

  it('refuses a forged SSO ticket as ssotoken does', async () => {
    const forged = mintSsoTicket('not-the-secret', SEEDED.admin.username, 60_000, t.clock.now);
    expect(body(await ssoHandoff(forged))).toMatchObject({ code: 1, msg: MSG.ssoInvalid });
  });
});
