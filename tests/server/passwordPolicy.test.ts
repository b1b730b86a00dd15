import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_CURRENT_PASSWORD_REQUIRED,
  MSG_CURRENT_PASSWORD_WRONG,
  MSG_PASSWORD_COMMON,
  MSG_PASSWORD_HAS_ORGANISER,
  MSG_PASSWORD_HAS_PRODUCT,
  MSG_PASSWORD_HAS_USERNAME,
  MSG_PASSWORD_LENGTH,
} from '@domain/core/validators';
import * as schema from '../../server/db/schema';
import { closeArgon2Worker } from '../../server/lib/argon2Proxy';
import { ARGON2_COST, decoyHash, hashPassword, needsRehash, passwordHashCost, setPasswordHashCostForTests, verifyPassword } from '../../server/lib/password';
import { MSG } from '../../server/messages';
import { body, buildTestApp, login, SEEDED, signedInject, TEST_HASH_COST, tokenFor, type TestApp } from './helpers';

/**
 * Changing the password asks for the current one; a new password has 8-64 characters
 * and is not one of the most common ones. Passwords are hashed with Argon2id (m = 19 MiB, t = 2, p = 1) in a
 * worker thread; scrypt hashes of earlier releases still verify and, like cheaper Argon2id ones, are
 * replaced at the next sign-in.
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
    // Back to the demo password, which holds the username and so cannot be chosen: its hash is put back.
    await t.app.db.update(schema.users).set({ passwordHash: await hashPassword(SEEDED.admin.password) }).where(eq(schema.users.id, id));
    expect((await login(t.app, 'admin', SEEDED.admin.password)).body.code).toBe(0);
  });

  it('refuses a new password holding the username, the product’s name or the organiser’s name, in any case', async () => {
    const token = await tokenFor(t.app, 'demo', SEEDED.demo.password);
    const { id, passwordHash, organiserId } = await stored('demo');
    const [organiser] = await t.app.db.select().from(schema.organisers).where(eq(schema.organisers.id, organiserId));
    const refused: Array<[string, string]> = [
      ['Lantern-DEMO-77', MSG_PASSWORD_HAS_USERNAME],
      ['my zbzj lantern', MSG_PASSWORD_HAS_PRODUCT],
      ['ZBZJ-lantern-77', MSG_PASSWORD_HAS_PRODUCT],
      ['主办之家lantern7', MSG_PASSWORD_HAS_PRODUCT],
      [`${organiser.name}-77`, MSG_PASSWORD_HAS_ORGANISER],
    ];
    for (const [password, msg] of refused) {
      const res = await change(token, id, { oldPassword: SEEDED.demo.password, password, passwordConfirm: password });
      expect(body(res), password).toEqual({ code: 1, msg, data: { errors: [{ field: 'password', msg }] } });
    }
    expect((await stored('demo')).passwordHash).toBe(passwordHash);
  });

  it('counts wrong current passwords against the account’s sign-in delay', async () => {
    const token = await tokenFor(t.app, 'edu', SEEDED.edu.password, '2');
    const { id, passwordHash } = await stored('edu');
    const form = (oldPassword: string) => ({ oldPassword, password: 'brandnew2026', passwordConfirm: 'brandnew2026' });
    for (let i = 0; i < 5; i++) expect(body(await change(token, id, form(`guess-${i}`))).msg).toBe(MSG_CURRENT_PASSWORD_WRONG);
    // A sixth guess, even the right password, has to wait; nothing is evaluated meanwhile.
    const held = await change(token, id, form(SEEDED.edu.password));
    expect(held.statusCode).toBe(429);
    expect(body(held).msg).toBe(`${MSG.tooManyRequests}（约 1 秒后可再试）`);
    expect(held.headers['retry-after']).toBe('1');
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

/** A hash as the releases before Argon2id stored it: `scrypt$N$r$p$salt$key`, 32-byte key. */
function legacyScryptHash(password: string, N: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A production-cost Argon2id PHC string: 16-byte salt and 32-byte hash, unpadded base64. */
const PRODUCTION_PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

describe('password hashing cost', () => {
  afterEach(() => setPasswordHashCostForTests(TEST_HASH_COST));

  it('hashes with Argon2id at m = 19 MiB, t = 2, p = 1 in production, as a standard PHC string', async () => {
    expect(ARGON2_COST).toEqual({ m: 19456, t: 2, p: 1 });
    const hash = await hashPassword('Lantern-2026', ARGON2_COST);
    expect(hash).toMatch(PRODUCTION_PHC);
    expect(await verifyPassword('Lantern-2026', hash)).toBe(true);
    expect(await verifyPassword('lantern-2026', hash)).toBe(false);
    // A fresh salt each time.
    expect(await hashPassword('Lantern-2026', ARGON2_COST)).not.toBe(hash);
  });

  it('computes the reference implementation’s Argon2id', async () => {
    // The argon2 reference implementation's own test vector (password "password", salt "somesalt", 64 MiB).
    const reference = '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
    expect(await verifyPassword('password', reference)).toBe(true);
    expect(await verifyPassword('Password', reference)).toBe(false);
    setPasswordHashCostForTests(ARGON2_COST);
    expect(needsRehash(reference)).toBe(false);
  });

  it('compares passwords in NFC, as they were hashed', async () => {
    const hash = await hashPassword('Caf\u00e9-2026');
    expect(await verifyPassword('Cafe\u0301-2026', hash)).toBe(true);
  });

  it('refuses, as not a hash, Argon2 parameters beyond sane bounds and anything else it cannot check', async () => {
    const salt = 'c29tZXNhbHQ';
    const tag = 'CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
    const refused = [
      `$argon2id$v=19$m=262145,t=2,p=1$${salt}$${tag}`,
      `$argon2id$v=19$m=4194304,t=2,p=1$${salt}$${tag}`,
      `$argon2id$v=19$m=65536,t=11,p=1$${salt}$${tag}`,
      `$argon2id$v=19$m=65536,t=0,p=1$${salt}$${tag}`,
      `$argon2id$v=19$m=65536,t=2,p=5$${salt}$${tag}`,
      `$argon2id$v=19$m=7,t=2,p=1$${salt}$${tag}`,
      `$argon2id$v=16$m=65536,t=2,p=1$${salt}$${tag}`,
      `$argon2i$v=19$m=65536,t=2,p=1$${salt}$${tag}`,
      `$argon2id$v=19$t=2,m=65536,p=1$${salt}$${tag}`,
      `$argon2id$v=19$m=65536,t=2,p=1$${salt}$${tag}=`,
      `$argon2id$v=19$m=65536,t=2,p=1$c29t$${tag}`,
      `$argon2id$v=19$m=65536,t=2,p=1$${salt}$CTFhFdXPJO1aFaMa`,
      'scrypt$2097152$8$1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
      'bcrypt$whatever',
      '',
    ];
    for (const stored of refused) {
      expect(await verifyPassword('password', stored), stored).toBe(false);
      expect(needsRehash(stored), stored).toBe(false);
    }
  });

  it('still verifies scrypt hashes of earlier releases, and always asks to replace them', async () => {
    setPasswordHashCostForTests(ARGON2_COST);
    for (const N of [2 ** 17, 2 ** 10]) {
      const old = legacyScryptHash('Lantern-2026', N);
      expect(await verifyPassword('Lantern-2026', old)).toBe(true);
      expect(await verifyPassword('lantern-2026', old)).toBe(false);
      expect(needsRehash(old)).toBe(true);
    }
  });

  it('asks to replace an Argon2id hash made with less memory or fewer passes than today’s', async () => {
    setPasswordHashCostForTests(ARGON2_COST);
    expect(needsRehash(await hashPassword('Lantern-2026', TEST_HASH_COST))).toBe(true);
    expect(needsRehash(await hashPassword('Lantern-2026', { m: 19456, t: 1, p: 1 }))).toBe(true);
    expect(needsRehash(await hashPassword('Lantern-2026', { m: 9216, t: 4, p: 1 }))).toBe(true);
    expect(needsRehash(await hashPassword('Lantern-2026', { m: 19456, t: 3, p: 1 }))).toBe(false);
    expect(needsRehash(await hashPassword('Lantern-2026'))).toBe(false);
  });

  it('makes the decoy for unknown usernames with the current algorithm and cost', async () => {
    expect(await decoyHash()).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    setPasswordHashCostForTests(ARGON2_COST);
    expect(await decoyHash()).toMatch(PRODUCTION_PHC);
  });

  it('upgrades a scrypt hash (production N = 2^17 or a low N) to Argon2id at the next successful sign-in', async () => {
    for (const N of [2 ** 17, 2 ** 10]) {
      setPasswordHashCostForTests(TEST_HASH_COST);
      const old = legacyScryptHash(SEEDED.demo.password, N);
      await t.app.db.update(schema.users).set({ passwordHash: old }).where(eq(schema.users.username, 'demo'));
      setPasswordHashCostForTests(ARGON2_COST);
      expect(passwordHashCost()).toEqual(ARGON2_COST);

      // A wrong password upgrades nothing.
      expect((await login(t.app, 'demo', 'wrong-password')).body.msg).toBe(MSG.badCredentials);
      expect((await stored('demo')).passwordHash).toBe(old);

      expect((await login(t.app, 'demo', SEEDED.demo.password)).body.code).toBe(0);
      const upgraded = (await stored('demo')).passwordHash;
      expect(upgraded).toMatch(PRODUCTION_PHC);
      expect(needsRehash(upgraded)).toBe(false);
      // The same password signs in against the new hash, which is then left alone.
      expect((await login(t.app, 'demo', SEEDED.demo.password)).body.code).toBe(0);
      expect((await stored('demo')).passwordHash).toBe(upgraded);
    }
  });

  it('re-hashes an older, cheaper Argon2id hash at the current cost after a successful sign-in', async () => {
    // admin's seeded hash is at the suites' low cost.
    expect((await stored('admin')).passwordHash).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    setPasswordHashCostForTests(ARGON2_COST);
    expect((await login(t.app, 'admin', SEEDED.admin.password)).body.code).toBe(0);
    expect((await stored('admin')).passwordHash).toMatch(PRODUCTION_PHC);
  });
});

describe('the password hashing thread', () => {
  it('leaves the event loop free while Argon2id runs', async () => {
    // Four times the production memory and passes: about half a second of hashing, which in this thread
    // would hold every timer back for as long.
    const heavy = { m: 4 * 19456, t: 4, p: 1 };
    await hashPassword('warm-up', TEST_HASH_COST);
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      await hashPassword('Lantern-2026', heavy);
    } finally {
      clearInterval(ticker);
    }
    const hashingMs = performance.now() - started;
    expect(hashingMs).toBeGreaterThan(200);
    expect(longestGap).toBeLessThan(hashingMs / 2);
  });

  it('queues hashes asked for together and closes once they are done; the next hash starts a new thread', async () => {
    const passwords = ['one-password', 'two-password', 'three-password'];
    const hashes = Promise.all(passwords.map((p) => hashPassword(p)));
    await closeArgon2Worker();
    const done = await hashes;
    for (const [i, hash] of done.entries()) expect(await verifyPassword(passwords[i], hash)).toBe(true);
    await closeArgon2Worker();
    expect(await verifyPassword('one-password', done[0])).toBe(true);
  });
});
