import { describe, expect, it } from 'vitest';
import {
  contactNameRules,
  mobileRules,
  organiserNameRules,
  MSG_PASSWORD_HAS_ORGANISER,
  MSG_PASSWORD_HAS_PRODUCT,
  MSG_PASSWORD_HAS_USERNAME,
  passwordContextRule,
  passwordRules,
  smsCodeRules,
  usernameRules,
  validate,
} from '@domain/core/validators';

const check = (rules: Parameters<typeof validate>[0][string], value: unknown) => validate({ f: rules }, { f: value })[0]?.msg ?? null;

describe('registration and recovery rules', () => {
  it('organiser name: required, at most 100 characters', () => {
    expect(check(organiserNameRules, ' ')).toBe('请输入主办单位名称');
    expect(check(organiserNameRules, '展'.repeat(100))).toBeNull();
    expect(check(organiserNameRules, '展'.repeat(101))).toBe('最多输入100个字符');
  });

  it('contact name: required, at most 50 characters', () => {
    expect(check(contactNameRules, undefined)).toBe('请输入联系人姓名');
    expect(check(contactNameRules, '赵敏')).toBeNull();
    expect(check(contactNameRules, 'a'.repeat(51))).toBe('最多输入50个字符');
  });

  it('username: required, then 3-16 letters or digits', () => {
    expect(check(usernameRules, '')).toBe('请输入用户名');
    expect(check(usernameRules, 'ab')).toBe('用户名须为3到16位字母或数字');
    expect(check(usernameRules, 'abc')).toBeNull();
    expect(check(usernameRules, 'a'.repeat(16))).toBeNull();
    expect(check(usernameRules, 'a'.repeat(17))).toBe('用户名须为3到16位字母或数字');
    expect(check(usernameRules, '张三abc')).toBe('用户名须为3到16位字母或数字');
  });

  it('mobile: required, then 1 + 3-9 + 9 digits', () => {
    expect(check(mobileRules, '')).toBe('请输入手机号码');
    expect(check(mobileRules, '13912345678')).toBeNull();
    expect(check(mobileRules, '12912345678')).toBe('请输入正确的手机号码');
    expect(check(mobileRules, '1391234567')).toBe('请输入正确的手机号码');
  });

  it('SMS code: required, then exactly six digits', () => {
    expect(check(smsCodeRules, '')).toBe('请输入短信验证码');
    expect(check(smsCodeRules, '012345')).toBeNull();
    expect(check(smsCodeRules, '12345')).toBe('请输入6位数字验证码');
    expect(check(smsCodeRules, '12345a')).toBe('请输入6位数字验证码');
  });

  it('password (registration and recovery): required, 8-64 characters, not a common one', () => {
    expect(check(passwordRules, '')).toBe('请输入密码');
    expect(check(passwordRules, '1234567')).toBe('长度为8到64个字符');
    expect(check(passwordRules, 'a'.repeat(65))).toBe('长度为8到64个字符');
    expect(check(passwordRules, 'qwerty123')).toBe('密码过于常见，请换一个');
    expect(check(passwordRules, 'secret123')).toBeNull();
    expect(check(passwordRules, 'a'.repeat(64))).toBeNull();
  });
});

describe('passwordContextRule: what a new password must not contain', () => {
  const rule = passwordContextRule(() => ({ username: 'Demo', organiserName: '锦程会议' }));
  it('refuses the username in any case or width, the product’s names and the organiser’s name', () => {
    expect(rule('lantern-demo-7')).toBe(MSG_PASSWORD_HAS_USERNAME);
    expect(rule('lantern-ＤＥＭＯ-7')).toBe(MSG_PASSWORD_HAS_USERNAME);
    expect(rule('Zb Zj-lantern')).toBe(MSG_PASSWORD_HAS_PRODUCT);
    expect(rule('主办之家2026!')).toBe(MSG_PASSWORD_HAS_PRODUCT);
    expect(rule('锦程会议2026!')).toBe(MSG_PASSWORD_HAS_ORGANISER);
  });
  it('lets other passwords through, and skips what it does not know', () => {
    expect(rule('Quiet-river-8842')).toBeNull();
    expect(rule('')).toBeNull();
    expect(passwordContextRule(() => ({}))('lantern-demo-7')).toBeNull();
    // Two letters of a username are too short to judge: 「ab」 occurs in pass phrases by chance.
    expect(passwordContextRule(() => ({ username: 'ab' }))('table-fable-42')).toBeNull();
  });
});
