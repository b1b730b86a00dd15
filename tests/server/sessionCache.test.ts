import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@domain/session/session.contracts';
import * as t from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { sha256Hex } from '../../server/lib/secrets';
import { body, buildTestApp, createStaffUser, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

/**
 * AUTH_CACHE_S (server/services/sessionCache.ts): what a token stands for is remembered a few seconds.
 * A change made through this app takes effect at once; one made behind its back (another replica, here
 * a direct database edit) within the bound.
 */
let ta: TestApp;
const CACHE_S = 5;
beforeAll(async () => {
  ta = await buildTestApp({ loginRateMax: 1000, authCacheS: CACHE_S });
});
afterAll(() => ta.close());

const currentUser = (token: string) => signedInject(ta.app, { method: 'GET', url: '/admin/current/user', token });
const customers = (token: string) => signedInject(ta.app, { method: 'GET', url: '/admin/crm/customer/page', query: { page: 1, limit: 5 }, token });

let staffCount = 0;
async function newStaff(): Promise<{ id: number; token: string; username: string }> {
  const username = `cache${++staffCount}`;
  await createStaffUser(ta.app, { username, password: 'cache123456', nickName: `缓存${staffCount}` }, { code: `cache_role_${staffCount}`, name: `缓存角色${staffCount}` }, () => true);
  const [row] = await ta.app.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.username, username));
  return { id: row.id, username, token: await tokenFor(ta.app, username, 'cache123456') };
}

async function revokeBehindTheAppsBack(token: string) {
  await ta.app.db.update(t.tokens).set({ revokedAt: new Date(ta.clock.now) }).where(eq(t.tokens.tokenHash, sha256Hex(token)));
}

describe('session cache', () => {
  it('reuses a looked-up token within AUTH_CACHE_S and looks again after it', async () => {
    const { token } = await newStaff();
    expect((await currentUser(token)).statusCode).toBe(200);
    // Revoked directly in the database, as another replica would: this process has not been told.
    await revokeBehindTheAppsBack(token);
    ta.clock.advance(CACHE_S * 1000 - 500);
    expect((await currentUser(token)).statusCode).toBe(200);
    ta.clock.advance(1000);
    const late = await currentUser(token);
    expect(late.statusCode).toBe(401);
    expect(body(late).msg).toBe(MSG.tokenExpired);
  });

  it('does not remember a refused token: one that becomes valid is accepted at once', async () => {
    const { token } = await newStaff();
    await revokeBehindTheAppsBack(token);
    expect((await currentUser(token)).statusCode).toBe(401);
    await ta.app.db.update(t.tokens).set({ revokedAt: null }).where(eq(t.tokens.tokenHash, sha256Hex(token)));
    expect((await currentUser(token)).statusCode).toBe(200);
  });

  it('never serves a token past its own expiry', async () => {
    const { token } = await newStaff();
    expect((await currentUser(token)).statusCode).toBe(200);
    await ta.app.db.update(t.tokens).set({ expiresAt: new Date(ta.clock.now + 1000) }).where(eq(t.tokens.tokenHash, sha256Hex(token)));
    // Still the cached copy (expiry a day away) for this call…
    expect((await currentUser(token)).statusCode).toBe(200);
    ta.clock.advance(CACHE_S * 1000 + 1);
    // …then the real expiry, now past.
    expect((await currentUser(token)).statusCode).toBe(401);
  });

  it('refuses a token at once after logout on this app', async () => {
    const { token } = await newStaff();
    expect((await currentUser(token)).statusCode).toBe(200);
    const out = await signedInject(ta.app, { method: 'POST', url: '/admin/login/remove/token', form: { token }, token });
    expect(body(out).code).toBe(0);
    const again = await currentUser(token);
    expect(again.statusCode).toBe(401);
    expect(body(again).msg).toBe(MSG.tokenExpired);
  });

  it('refuses a disabled user at once on this app, and their cached authorities with them', async () => {
    const staff = await newStaff();
    expect((await customers(staff.token)).statusCode).toBe(200);
    const admin = await tokenFor(ta.app, SEEDED.admin.username, SEEDED.admin.password);
    const res = await signedInject(ta.app, { method: 'POST', url: '/admin/system/user/updateStatus', form: { id: staff.id, status: 0 }, token: admin });
    expect(body(res)).toMatchObject({ code: 0 });
    expect((await customers(staff.token)).statusCode).toBe(401);
    expect((await currentUser(staff.token)).statusCode).toBe(401);
  });

  it('refuses every token of a user at once after their password change', async () => {
    const staff = await newStaff();
    const other = await tokenFor(ta.app, staff.username, 'cache123456');
    expect((await currentUser(other)).statusCode).toBe(200);
    const res = await signedInject(ta.app, {
      method: 'POST',
      url: '/admin/developer/update/passwordUser',
      form: { userId: staff.id, oldPassword: 'cache123456', password: 'Lantern-654321Ab', passwordConfirm: 'Lantern-654321Ab' },
      token: staff.token,
    });
    expect(body(res)).toMatchObject({ code: 0 });
    expect((await currentUser(other)).statusCode).toBe(401);
    expect((await currentUser(staff.token)).statusCode).toBe(401);
  });

  it('shows a changed nickname at once', async () => {
    const staff = await newStaff();
    expect(body<UserInfo>(await currentUser(staff.token)).data.nickName).toMatch(/^缓存/);
    const res = await signedInject(ta.app, {
      method: 'POST',
      url: '/admin/user/updateInfo',
      form: { id: staff.id, nickName: '改过的名字', mail: 'changed@example.com' },
      token: staff.token,
    });
    expect(body(res)).toMatchObject({ code: 0 });
    expect(body<UserInfo>(await currentUser(staff.token)).data.nickName).toBe('改过的名字');
  });

  it('narrows lists at once after a project switch on this app', async () => {
    const staff = await newStaff();
    const all = body<Array<{ id: number }>>(await signedInject(ta.app, { method: 'GET', url: '/admin/business/projectOptions', token: staff.token })).data;
    expect(all.length).toBeGreaterThan(1);
    const res = await signedInject(ta.app, {
      method: 'POST',
      url: '/admin/chance/updateUserChangeCnfInfo',
      form: { userId: staff.id, cnfids: String(all[0].id) },
      token: staff.token,
    });
    expect(body(res)).toMatchObject({ code: 0 });
    const after = body<Array<{ id: number }>>(await signedInject(ta.app, { method: 'GET', url: '/admin/business/projectOptions', token: staff.token })).data;
    expect(after.map((p) => p.id)).toEqual([all[0].id]);
  });
});

describe('AUTH_CACHE_S=0', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp({ loginRateMax: 1000, authCacheS: 0 });
  });
  afterAll(() => off.close());

  it('looks the token up on every request', async () => {
    const token = await tokenFor(off.app, SEEDED.demo.username, SEEDED.demo.password);
    expect((await signedInject(off.app, { method: 'GET', url: '/admin/current/user', token })).statusCode).toBe(200);
    await off.app.db.update(t.tokens).set({ revokedAt: new Date(off.clock.now) }).where(eq(t.tokens.tokenHash, sha256Hex(token)));
    expect((await signedInject(off.app, { method: 'GET', url: '/admin/current/user', token })).statusCode).toBe(401);
  });
});
