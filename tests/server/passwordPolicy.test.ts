import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_CURRENT_PASSWORD_REQUIRED,
  MSG_CURRENT_PASSWORD_WRONG,
  MSG_PASSWORD_COMMON,
  MSG_PASSWORD_LENGTH,
} from '../../src/shared/validators';
import * as schema from '../../server/db/schema';
import { hashPassword, needsRehash, passwordHashCost, SCRYPT_COST, setPasswordHashCostForTests, verifyPassword } from '../../server/lib/password';
import { MSG } from '../../server/messages';
import { body, buildTestApp, login, SEEDED, signedInject, TEST_SCRYPT_COST, tokenFor, type TestApp } from './helpers';

/**
 * Issue 14, item 5: changing the password asks for the current one; a new password has 8-64 characters
 * and is not one of the most common ones; scrypt runs at N = 2^17 and older hashes are upgraded at sign-in.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
});
afterAll(() => t.close());

const url = '/admin/developer/update/passwordUser';

async function stored(username: string) {
  const [row] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, username));
  return row;
}

async function change(token: string, userId: number, form: Record<string, string | undefined>) {
  return signedInject(t.app, { method: 'POST', url, token, form: { userId, ...form } });
}

describe('changing the password', () => {
  it('asks for the current password and refuses a wrong one, changing nothing', async () => {
    const token = await tokenFor(t.app, 'demo', SEEDED.demo.password);
    const { id, passwordHash } = await stored('demo');

    const missing = await change(token, id, { password: 'brandnew2026', passwordConfirm: 'brandnew2026' });
    expect(body(missing)).toEqual({
      code: 1,
      msg: '请输入当前密码',
      data: { errors: [{ field: 'oldPassword', msg: MSG_CURRENT_PASSWORD_REQUIRED }] },
    });

    const wrong = await change(token, id, { oldPassword: 'not-my-password', password: 'brandnew2026', passwordConfirm: 'brandnew2026' });
    expect(body(wrong)).toEqual({
      code: 1,
      msg: '当前密码不正确',
      data: { errors: [{ field: 'oldPassword', msg: MSG_CURRENT_PASSWORD_WRONG }] },
    });

    expect((await stored('demo')).passwordHash).toBe(passwordHash);
    // The session survives a refused change, and the old password still signs in.
    expect((await signedInject(t.app, { method: 'GET', url: '/admin/current/user', token })).statusCode).toBe(200);
    expect((await login(t.app, 'demo', SEEDED.demo.password)).body.code).toBe(0);
  });

  it('accepts 8 to 64 characters, refuses common passwords in any case', async () => {
    const token = await tokenFor(t.app, 'admin', SEEDED.admin.password);
    const { id } = await stored('admin');
    const refused: Array<[string, string]> = [
      ['abc1234', MSG_PASSWORD_LENGTH],
      ['x'.repeat(65), MSG_PASSWORD_LENGTH],
      ['password123', MSG_PASSWORD_COMMON],
      ['Password123', MSG_PASSWORD_COMMON],
      ['12345678', MSG_PASSWORD_COMMON],
      ['qwertyuiop', MSG_PASSWORD_COMMON],
    ];
    for (const [password, msg] of refused) {
      const res = await change(token, id, { oldPassword: SEEDED.admin.password, password, passwordConfirm: password });
      expect(body(res), password).toEqual({ code: 1, msg, data: { errors: [{ field: 'password', msg }] } });
    }
    expect(MSG_PASSWORD_LENGTH).toBe('长度为8到64个字符');
    expect(MSG_PASSWORD_COMMON).toBe('密码过于常见，请换一个');

    const longest = 'Lantern-' + 'q'.repeat(56);
    expect(longest).toHaveLength(64);
    const ok = await change(token, id, { oldPassword: SEEDED.admin.password, password: longest, passwordConfirm: longest });
    expect(body(ok)).toEqual({ code: 0, msg: MSG.passwordChanged, data: null });
    expect((await login(t.app, 'admin', longest)).body.code).toBe(0);
    // Back to the demo password (not on the common list: the README's accounts keep working).
    const again = await tokenFor(t.app, 'admin', longest);
    expect(body(await change(again, id, { oldPassword: longest, password: SEEDED.admin.password })).code).toBe(0);
    expect((await login(t.app, 'admin', SEEDED.admin.password)).body.code).toBe(0);
  });

  it('counts wrong current passwords against the account’s sign-in delay', async () => {
    const token = await tokenFor(t.app, 'edu', SEEDED.edu.password, '2');
    const { id, passwordHash } = await stored('edu');
    const form = (oldPassword: string) => ({ oldPassword, password: 'brandnew2026', passwordConfirm: 'brandnew2026' });
    for (let i = 0; i < 5; i++) expect(body(await change(token, id, form(`guess-${i}`))).msg).toBe(MSG_CURRENT_PASSWORD_WRONG);
    // A sixth guess, even the right password, has to wait; nothing is evaluated meanwhile.
    const held = await change(token, id, form(SEEDED.edu.password));
    expect(held.statusCode).toBe(429);
    expect(body(held).msg).toBe(MSG.tooManyRequests);
    expect((await login(t.app, 'edu', SEEDED.edu.password, '2')).res.statusCode).toBe(429);
    expect((await stored('edu')).passwordHash).toBe(passwordHash);

    t.clock.advance(1000);
    expect(body(await change(token, id, form(SEEDED.edu.password)))).toMatchObject({ code: 0 });
    expect((await login(t.app, 'edu', 'brandnew2026', '2')).body.code).toBe(0);
  });

  it('registration and recovery refuse the same passwords with the same messages', async () => {
    const register = await signedInject(t.app, { method: 'POST', url: '/admin/register', form: { password: 'iloveyou', passwordConfirm: 'iloveyou' } });
    expect(body<{ errors: Array<{ field: string; msg: string }> }>(register).data.errors).toContainEqual({ field: 'password', msg: MSG_PASSWORD_COMMON });
    const reset = await signedInject(t.app, {
      method: 'POST',
      url: '/admin/password/reset',
      form: { mobile: '13900000000', code: '123456', password: 'short1', passwordConfirm: 'short1', yhlx: '1' },
    });
    expect(body<{ errors: Array<{ field: string; msg: string }> }>(reset).data.errors).toContainEqual({ field: 'password', msg: MSG_PASSWORD_LENGTH });
  });
});

describe('password hashing cost', () => {
  afterEach(() => setPasswordHashCostForTests(TEST_SCRYPT_COST));

  it('hashes at N = 2^17 (r 8, p 1) in production, within scrypt’s memory limit', async () => {
    expect(SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword('Lantern-2026', SCRYPT_COST);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Lantern-2026', hash)).toBe(true);
    expect(await verifyPassword('lantern-2026', hash)).toBe(false);
  });

  it('re-hashes an older, cheaper hash at the current cost after a successful sign-in', async () => {
    // demo's password as the previous release stored it (N = 2^14).
    const old = await hashPassword(SEEDED.demo.password, { N: 2 ** 14, r: 8, p: 1 });
    await t.app.db.update(schema.users).set({ passwordHash: old }).where(eq(schema.users.username, 'demo'));
    setPasswordHashCostForTests(SCRYPT_COST);
    expect(passwordHashCost()).toEqual(SCRYPT_COST);
    expect(needsRehash(old)).toBe(true);

    // A wrong password upgrades nothing.
    expect((await login(t.app, 'demo', 'wrong-password')).body.msg).toBe(MSG.badCredentials);
    expect((await stored('demo')).passwordHash).toBe(old);

    expect((await login(t.app, 'demo', SEEDED.demo.password)).body.code).toBe(0);
    const upgraded = (await stored('demo')).passwordHash;
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(needsRehash(upgraded)).toBe(false);
    // The same password signs in against the new hash, which is then left alone.
    expect((await login(t.app, 'demo', SEEDED.demo.password)).body.code).toBe(0);
    expect((await stored('demo')).passwordHash).toBe(upgraded);
  });
});
