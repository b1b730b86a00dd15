import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotifyPrefs, ProfileInfo } from '@domain/account/profile.contracts';
import type { UserInfo } from '@domain/session/session.contracts';
import type { FieldError } from '@domain/core/envelope';
import {
  MSG_EMAIL,
  MSG_NICKNAME_REQUIRED,
  MSG_PASSWORD_COMMON,
  MSG_PASSWORD_LENGTH,
  MSG_PASSWORD_MISMATCH,
  MSG_PASSWORD_REQUIRED,
  msgMaxLength,
} from '@domain/core/validators';
import * as schema from '../../server/db/schema';
import { MSG } from '../../server/messages';
import { body, buildTestApp, login, SEEDED, signedInject, tokenFor, type TestApp } from './helpers';

let t: TestApp;
const tokens = { admin: '', demo: '', edu: '' };
const ids = { admin: 0, demo: 0, edu: 0 };
beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  for (const who of ['admin', 'demo', 'edu'] as const) {
    tokens[who] = await tokenFor(t.app, SEEDED[who].username, SEEDED[who].password, who === 'edu' ? '2' : '1');
    const [row] = await t.app.db.select().from(schema.users).where(eq(schema.users.username, who));
    ids[who] = row.id;
  }
});
afterAll(() => t.close());

type Who = keyof typeof tokens;
const get = (url: string, who: Who, query?: Record<string, string | number>) => signedInject(t.app, { method: 'GET', url, token: tokens[who], query });
const post = (url: string, who: Who | { token: string }, form: Record<string, string | number | undefined>) =>
  signedInject(t.app, { method: 'POST', url, token: typeof who === 'string' ? tokens[who] : who.token, form });

async function storedUser(who: Who) {
  const [row] = await t.app.db.select().from(schema.users).where(eq(schema.users.id, ids[who]));
  return row;
}

describe('GET /admin/user/info', () => {
  it('returns exactly the profile fields of the caller', async () => {
    const res = await get('/admin/user/info', 'demo', { userId: ids.demo });
    expect(res.statusCode).toBe(200);
    expect(body<ProfileInfo>(res)).toEqual({
      code: 0,
      msg: MSG.ok,
      data: { userId: ids.demo, nickName: '王晓明', zw: '项目经理', mail: 'wangxm@huazhan-expo.example.com' },
    });
    // Education users have a profile too.
    expect(body<ProfileInfo>(await get('/admin/user/info', 'edu', { userId: ids.edu })).data.nickName).toBe('李同学');
  });

  it('refuses somebody else’s id', async () => {
    expect(body(await get('/admin/user/info', 'demo', { userId: ids.admin }))).toEqual({ code: 1, msg: MSG.onlySelf, data: null });
  });

  it('needs a token', async () => {
    expect((await signedInject(t.app, { method: 'GET', url: '/admin/user/info', query: { userId: ids.demo } })).statusCode).toBe(401);
  });
});

describe('POST /admin/user/updateInfo', () => {
  const valid = () => ({ id: ids.demo, nickName: '王晓明', zw: '项目经理', mail: 'wangxm@huazhan-expo.example.com' });

  it('refuses with the shared form messages and changes nothing', async () => {
    const before = await storedUser('demo');
    const cases: Array<[Record<string, string | number | undefined>, FieldError]> = [
      [{ nickName: '   ' }, { field: 'nickName', msg: MSG_NICKNAME_REQUIRED }],
      [{ nickName: undefined }, { field: 'nickName', msg: MSG_NICKNAME_REQUIRED }],
      [{ mail: '' }, { field: 'mail', msg: MSG_EMAIL }],
      [{ mail: 'not-an-email' }, { field: 'mail', msg: MSG_EMAIL }],
      [{ zw: '职'.repeat(51) }, { field: 'zw', msg: msgMaxLength(50) }],
      [{ nickName: '名'.repeat(51) }, { field: 'nickName', msg: msgMaxLength(50) }],
    ];
    for (const [change, error] of cases) {
      const res = await post('/admin/user/updateInfo', 'demo', { ...valid(), ...change, nickName: 'nickName' in change ? change.nickName : '新名字' });
      expect(res.statusCode).toBe(200);
      expect(body(res), JSON.stringify(change)).toEqual({ code: 1, msg: error.msg, data: { errors: [error] } });
    }
    expect(await storedUser('demo')).toEqual(before);
  });

  it('lists every failing field', async () => {
    const res = await post('/admin/user/updateInfo', 'demo', { id: ids.demo, nickName: '', mail: 'x@' });
    expect(body<{ errors: FieldError[] }>(res).data.errors).toEqual([
      { field: 'nickName', msg: MSG_NICKNAME_REQUIRED },
      { field: 'mail', msg: MSG_EMAIL },
    ]);
  });

  it('refuses to edit somebody else and changes nothing', async () => {
    const before = await storedUser('admin');
    const res = await post('/admin/user/updateInfo', 'demo', { ...valid(), id: ids.admin, nickName: '冒名顶替' });
    expect(body(res)).toEqual({ code: 1, msg: MSG.onlySelf, data: null });
    expect(await storedUser('admin')).toEqual(before);
  });

  it('saves the caller’s own profile', async () => {
    const res = await post('/admin/user/updateInfo', 'demo', { id: ids.demo, nickName: ' 王小明 ', zw: '', mail: 'wxm@example.com' });
    expect(body(res)).toEqual({ code: 0, msg: '修改成功', data: { userId: ids.demo, nickName: '王小明', zw: null, mail: 'wxm@example.com' } });
    expect(body<ProfileInfo>(await get('/admin/user/info', 'demo')).data).toEqual({ userId: ids.demo, nickName: '王小明', zw: null, mail: 'wxm@example.com' });
    expect(body<UserInfo>(await get('/admin/current/user', 'demo')).data).toMatchObject({ nickName: '王小明', mail: 'wxm@example.com' });
    await post('/admin/user/updateInfo', 'demo', valid());
    const { id: _id, ...restored } = valid();
    expect(body<ProfileInfo>(await get('/admin/user/info', 'demo')).data).toEqual({ userId: ids.demo, ...restored });
  });
});

describe('notification settings', () => {
  it('defaults every switch to on', async () => {
    expect(body<NotifyPrefs>(await get('/admin/user/notifySettings', 'edu'))).toEqual({
      code: 0,
      msg: MSG.ok,
      data: { system: true, activity: true, finance: true },
    });
  });

  it('saves the switches of the caller only', async () => {
    const res = await post('/admin/user/updateNotifySettings', 'demo', { system: 'false', activity: 'true', finance: 'false' });
    expect(body(res)).toEqual({ code: 0, msg: '修改成功', data: null });
    expect(body<NotifyPrefs>(await get('/admin/user/notifySettings', 'demo')).data).toEqual({ system: false, activity: true, finance: false });
    // A switch left out keeps its value.
    await post('/admin/user/updateNotifySettings', 'demo', { finance: 'true' });
    expect(body<NotifyPrefs>(await get('/admin/user/notifySettings', 'demo')).data).toEqual({ system: false, activity: true, finance: true });
    expect(body<NotifyPrefs>(await get('/admin/user/notifySettings', 'admin')).data).toEqual({ system: true, activity: true, finance: true });
  });

  it('refuses values other than true and false', async () => {
    const res = await post('/admin/user/updateNotifySettings', 'demo', { system: 'yes' });
    expect(body(res)).toMatchObject({ code: 1, data: { errors: [{ field: 'system', msg: MSG.fieldEnum }] } });
    expect(body<NotifyPrefs>(await get('/admin/user/notifySettings', 'demo')).data.system).toBe(false);
  });
});

describe('POST /admin/developer/update/passwordUser', () => {
  const url = '/admin/developer/update/passwordUser';
  const me = () => get('/admin/current/user', 'edu');

  it('refuses bad passwords with the shared messages, keeping hash and sessions', async () => {
    const before = await storedUser('edu');
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{}, MSG_PASSWORD_REQUIRED],
      [{ password: '' }, MSG_PASSWORD_REQUIRED],
      [{ password: '1234567' }, MSG_PASSWORD_LENGTH],
      [{ password: '1'.repeat(65) }, MSG_PASSWORD_LENGTH],
      [{ password: 'password123' }, MSG_PASSWORD_COMMON],
      [{ password: 'abcdef123', passwordConfirm: 'abcdef124' }, MSG_PASSWORD_MISMATCH],
    ];
    for (const [form, msg] of cases) {
      const res = await post(url, 'edu', { userId: ids.edu, oldPassword: SEEDED.edu.password, ...form });
      expect(body(res), JSON.stringify(form)).toEqual({ code: 1, msg, data: { errors: [{ field: 'password', msg }] } });
    }
    expect((await storedUser('edu')).passwordHash).toBe(before.passwordHash);
    expect((await me()).statusCode).toBe(200);
  });

  it('refuses to change somebody else’s password', async () => {
    const before = await storedUser('demo');
    expect(body(await post(url, 'edu', { userId: ids.demo, oldPassword: SEEDED.edu.password, password: 'hijacked1' }))).toEqual({
      code: 1,
      msg: MSG.onlySelf,
      data: null,
    });
    expect((await storedUser('demo')).passwordHash).toBe(before.passwordHash);
    expect((await login(t.app, 'demo', SEEDED.demo.password)).body.code).toBe(0);
    expect((await me()).statusCode).toBe(200);
  });

  it('stores the new password and ends every session of the user', async () => {
    const second = await tokenFor(t.app, 'edu', SEEDED.edu.password, '2');
    const res = await post(url, 'edu', { userId: ids.edu, oldPassword: SEEDED.edu.password, password: 'newpass2026', passwordConfirm: 'newpass2026' });
    expect(body(res)).toEqual({ code: 0, msg: '修改成功，请重新登录', data: null });
    expect((await storedUser('edu')).passwordHash).toMatch(/^\$argon2id\$v=19\$/);

    for (const token of [tokens.edu, second]) {
      const after = await signedInject(t.app, { method: 'GET', url: '/admin/current/user', token });
      expect(after.statusCode).toBe(401);
      expect(body(after).msg).toBe(MSG.tokenExpired);
    }
    // Other users keep their sessions.
    expect((await get('/admin/current/user', 'demo')).statusCode).toBe(200);

    expect((await login(t.app, 'edu', SEEDED.edu.password, '2')).body).toMatchObject({ code: 1, msg: MSG.badCredentials });
    const fresh = await login(t.app, 'edu', 'newpass2026', '2');
    expect(fresh.body.code).toBe(0);
    expect((await signedInject(t.app, { method: 'GET', url: '/admin/current/user', token: fresh.token })).statusCode).toBe(200);
  });
});
