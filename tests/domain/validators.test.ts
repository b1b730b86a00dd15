import { describe, expect, it } from 'vitest';
import {
  MSG_ALNUM_20,
  MSG_BANK_CARD,
  MSG_CERTIFICATE_NO,
  MSG_CONFIRM_PASSWORD_REQUIRED,
  MSG_DIGITS_AND_LINE_BREAKS,
  MSG_DISCOUNT_RANGE,
  MSG_DISCOUNT_REQUIRED,
  MSG_EMAIL,
  MSG_ENGLISH_LETTERS,
  MSG_ID_CARD,
  MSG_INVALID,
  MSG_LANDLINE,
  MSG_MAIL_REQUIRED,
  MSG_MAX_255,
  MSG_MOBILE,
  MSG_NAME_TEXT,
  MSG_NATURAL_NUMBER,
  MSG_NICKNAME_REQUIRED,
  MSG_NO_SELECTION,
  MSG_NON_ZERO_POSITIVE_INTEGER,
  MSG_CURRENT_PASSWORD_REQUIRED,
  MSG_CURRENT_PASSWORD_WRONG,
  MSG_PASSWORD_COMMON,
  MSG_PASSWORD_LENGTH,
  MSG_PASSWORD_MISMATCH,
  MSG_PASSWORD_REQUIRED,
  MSG_PHONE,
  MSG_POSITIVE_INTEGER,
  MSG_PRICE_FORMAT,
  MSG_PRICE_REQUIRED,
  MSG_PRICE_ZERO,
  MSG_QQ,
  MSG_QUANTITY_REQUIRED,
  MSG_REQUIRED,
  MSG_SELECT_REQUIRED,
  MSG_SMS_CODE,
  MSG_SWITCH_ACTIVITY,
  MSG_SWITCH_PROJECT,
  MSG_URL,
  MSG_USERNAME,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  alnum20Rule,
  bankCardRule,
  certificateNoRule,
  composeRules,
  confirmPasswordRule,
  digitsAndLineBreaksRule,
  discountRangeRule,
  discountRequiredRule,
  discountRules,
  emailRule,
  englishLettersRule,
  idCardRule,
  isBlank,
  isValidIdCard,
  landlineRule,
  mailRequiredRule,
  mailRules,
  max255Rule,
  mobileRule,
  msgMaxLength,
  msgMaxSelect,
  msgMinLength,
  msgMinSelect,
  multiSelectRule,
  nameTextRule,
  naturalNumberRule,
  nickNameRequiredRule,
  nickNameRules,
  nonZeroPositiveIntegerRule,
  nonZeroQuantityRules,
  passwordLengthRule,
  passwordMatchRule,
  commonPasswordRule,
  currentPasswordRules,
  passwordRequiredRule,
  passwordRules,
  phoneRule,
  positiveIntegerRule,
  priceFormatRule,
  priceNotZeroRule,
  priceRequiredRule,
  priceRules,
  qqRule,
  quantityRequiredRule,
  quantityRules,
  requiredSelectRule,
  requiredTextRule,
  smsCodeRule,
  switchActivityRule,
  switchProjectRule,
  tableSelectionRule,
  textLengthRule,
  toAntdRule,
  urlRule,
  usernameRule,
  validate,
  type Rule,
} from '@domain/core/validators';

/** Asserts every listed value passes. */
function expectValid(rule: Rule, values: readonly unknown[]): void {
  for (const v of values) expect(rule(v), `expected ${JSON.stringify(v)} to pass`).toBeNull();
}

/** Asserts every listed value fails with exactly `msg`. */
function expectInvalid(rule: Rule, values: readonly unknown[], msg: string): void {
  for (const v of values) expect(rule(v), `expected ${JSON.stringify(v)} to fail`).toBe(msg);
}

const BLANKS: readonly unknown[] = [undefined, null, '', '   ', []];

describe('message constants (exact Chinese text)', () => {
  it('keeps the spec wording', () => {
    expect(MSG_PASSWORD_REQUIRED).toBe('请输入密码');
    expect(MSG_PASSWORD_LENGTH).toBe('长度为8到64个字符');
    expect(MSG_PASSWORD_COMMON).toBe('密码过于常见，请换一个');
    expect(MSG_CURRENT_PASSWORD_REQUIRED).toBe('请输入当前密码');
    expect(MSG_CURRENT_PASSWORD_WRONG).toBe('当前密码不正确');
    expect(MSG_CONFIRM_PASSWORD_REQUIRED).toBe('请再次输入密码');
    expect(MSG_PASSWORD_MISMATCH).toBe('两次输入的密码不一致');
    expect(MSG_NICKNAME_REQUIRED).toBe('姓名不能为空');
    expect(MSG_MAIL_REQUIRED).toBe('请输入正确的邮箱地址');
    expect(MSG_EMAIL).toBe('请输入正确的邮箱地址');
    expect(MSG_PHONE).toBe('请输入正确的电话号码');
    expect(MSG_QUANTITY_REQUIRED).toBe('请输入数量');
    expect(MSG_POSITIVE_INTEGER).toBe('格式不正确，请输入正整数');
    expect(MSG_DISCOUNT_REQUIRED).toBe('请输入折扣');
    expect(MSG_PRICE_ZERO).toBe('价格不能为0');
    expect(MSG_SWITCH_PROJECT).toBe('请至少选择一个项目信息进行切换');
    expect(MSG_SWITCH_ACTIVITY).toBe('请至少选择一个活动信息进行切换');
    expect(MSG_NO_SELECTION).toBe('您还未选择数据');
  });

  it('builds parameterised messages', () => {
    expect(msgMinLength(2)).toBe('最少输入2个字符');
    expect(msgMaxLength(50)).toBe('最多输入50个字符');
    expect(msgMinSelect(1)).toBe('至少选择1项');
    expect(msgMaxSelect(3)).toBe('最多选择3项');
    expect(MSG_MAX_255).toBe('最多输入255个字符');
  });

  it('uses Chinese for every other message', () => {
    const others = [
      MSG_MOBILE, MSG_LANDLINE, MSG_SMS_CODE, MSG_USERNAME, MSG_NATURAL_NUMBER, MSG_ENGLISH_LETTERS,
      MSG_BANK_CARD, MSG_CERTIFICATE_NO, MSG_ID_CARD, MSG_QQ, MSG_URL, MSG_ALNUM_20, MSG_NAME_TEXT,
      MSG_DIGITS_AND_LINE_BREAKS, MSG_NON_ZERO_POSITIVE_INTEGER, MSG_DISCOUNT_RANGE, MSG_PRICE_REQUIRED,
      MSG_PRICE_FORMAT, MSG_REQUIRED, MSG_SELECT_REQUIRED, MSG_INVALID,
    ];
    for (const m of others) expect(m).toMatch(/\p{Script=Han}/u);
  });
});

describe('isBlank', () => {
  it('treats nothing, whitespace, NaN and empty arrays as blank', () => {
    for (const v of [undefined, null, '', ' \t\n', Number.NaN, []]) expect(isBlank(v)).toBe(true);
  });
  it('treats real values (including 0 and false) as filled', () => {
    for (const v of [0, false, 'a', ['x'], {}]) expect(isBlank(v)).toBe(false);
  });
});

describe('password change form', () => {
  it('password is required', () => {
    expectInvalid(passwordRequiredRule, BLANKS, '请输入密码');
    expectValid(passwordRequiredRule, ['a', '123456']);
  });

  it('password length is 8 to 64 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(64);
    expectValid(passwordLengthRule, ['12345678', 'a'.repeat(64), 'abc123!@#', '密码密码密码密码', '', undefined]);
    expectInvalid(passwordLengthRule, ['1234567', '123456', 'a', 'a'.repeat(65), 'a'.repeat(19) + 'b'.repeat(50), { length: 8 }], '长度为8到64个字符');
  });

  it('counts characters, not UTF-16 units', () => {
    // Eight emoji are 16 UTF-16 units but eight characters.
    expect(passwordLengthRule('😀'.repeat(8))).toBeNull();
    expect(passwordLengthRule('😀'.repeat(4))).toBe(MSG_PASSWORD_LENGTH);
    expect(passwordLengthRule('😀'.repeat(64))).toBeNull();
    expect(passwordLengthRule('😀'.repeat(65))).toBe(MSG_PASSWORD_LENGTH);
  });

  it('refuses the most common passwords, in any case, and nothing else', () => {
    expectInvalid(commonPasswordRule, ['password', 'Password1', 'PASSWORD123', '12345678', '123456789', 'qwertyuiop', '1qaz2wsx', 'woaini1314', 'iloveyou', '88888888'], '密码过于常见，请换一个');
    // Blank is the required rule's business; the demo accounts' passwords stay usable.
    expectValid(commonPasswordRule, ['', undefined, 'newpass2026', 'Tq7#mWz9-lantern', 'admin123456', 'demo123456', 'edu123456']);
  });

  it('passwordRules: required first, then length, then not a common one', () => {
    const rule = composeRules(...passwordRules);
    expect(rule('')).toBe('请输入密码');
    expect(rule('123')).toBe('长度为8到64个字符');
    expect(rule('123456')).toBe('长度为8到64个字符');
    expect(rule('12345678')).toBe('密码过于常见，请换一个');
    expect(rule('newpass2026')).toBeNull();
  });

  it('the current password is only required (its check is the server’s)', () => {
    const rule = composeRules(...currentPasswordRules);
    expectInvalid(rule, BLANKS, '请输入当前密码');
    // Old passwords may predate the 8-64 policy.
    expectValid(rule, ['123456', 'x']);
  });

  it('password must equal the confirmation (silent while confirmation is empty)', () => {
    expect(passwordMatchRule('abcdef')('abcdef')).toBeNull();
    expect(passwordMatchRule('abcdef')('abcdeg')).toBe('两次输入的密码不一致');
    expect(passwordMatchRule('')('abcdef')).toBeNull();
    expect(passwordMatchRule(undefined)('abcdef')).toBeNull();
    expect(passwordMatchRule('abcdef')('')).toBeNull();
  });

  it('confirmation is required and must match', () => {
    expect(confirmPasswordRule('abcdef')('')).toBe('请再次输入密码');
    expect(confirmPasswordRule('abcdef')(undefined)).toBe('请再次输入密码');
    expect(confirmPasswordRule('abcdef')('abcdef')).toBeNull();
    expect(confirmPasswordRule('abcdef')('ABCDEF')).toBe('两次输入的密码不一致');
    expect(confirmPasswordRule('')('abcdef')).toBe('两次输入的密码不一致');
  });

  it('reads the other value lazily through a getter', () => {
    const form: { password: string } = { password: 'first1' };
    const rule = confirmPasswordRule(() => form.password);
    expect(rule('second')).toBe(MSG_PASSWORD_MISMATCH);
    form.password = 'second';
    expect(rule('second')).toBeNull();
    const match = passwordMatchRule(() => form.password);
    expect(match('second')).toBeNull();
    expect(match('other1')).toBe(MSG_PASSWORD_MISMATCH);
  });
});

describe('profile', () => {
  it('nickName is required', () => {
    expectInvalid(nickNameRequiredRule, BLANKS, '姓名不能为空');
    expectValid(nickNameRequiredRule, ['张三', 'Tom']);
    expect(composeRules(...nickNameRules)('')).toBe('姓名不能为空');
  });

  it('mail is required', () => {
    expectInvalid(mailRequiredRule, BLANKS, '请输入正确的邮箱地址');
    expectValid(mailRequiredRule, ['a@b.cn']);
  });

  it('email format: empty passes the format check itself', () => {
    expectValid(emailRule, ['', undefined, null, '   ']);
  });

  it('email format accepts ordinary addresses', () => {
    expectValid(emailRule, [
      'user@example.com',
      'first.last@mail.example.com.cn',
      'a_b+tag@qq.com',
      'USER123@163.COM',
      'x-y@sub-domain.org',
    ]);
  });

  it('email format rejects malformed addresses', () => {
    expectInvalid(
      emailRule,
      [
        'plain',
        'a@b',
        '@example.com',
        'user@',
        'user@.com',
        'user@example.',
        'user@-example.com',
        'us er@example.com',
        'user@@example.com',
        '.user@example.com',
        'user.@example.com',
        'us..er@example.com',
        'user@example.c',
        `${'a'.repeat(250)}@b.cn`,
        42,
      ],
      '请输入正确的邮箱地址',
    );
  });

  it('mailRules: required then format, same message', () => {
    const rule = composeRules(...mailRules);
    expect(rule('')).toBe(MSG_MAIL_REQUIRED);
    expect(rule('bad')).toBe(MSG_EMAIL);
    expect(rule('ok@example.com')).toBeNull();
  });
});

describe('mobile, phone, landline, code, username', () => {
  it('mobile: 11 digits starting with 1 then 3-9', () => {
    expectValid(mobileRule, ['13800138000', '19912345678', '15000000000', 13800138000, '', null]);
    expectInvalid(
      mobileRule,
      ['12800138000', '10800138000', '1380013800', '138001380000', '23800138000', '1380013800a', ' 13800138000', '+8613800138000', '138-0013-8000'],
      '请输入正确的手机号码',
    );
  });

  it('landline: optional area code, 7-8 digit local number, optional extension', () => {
    expectValid(landlineRule, ['010-12345678', '0755-2345678', '02112345678', '021-12345678', '22345678', '88886666', '010-88886666-123', '']);
    expectInvalid(
      landlineRule,
      ['010-123456', '12345678', '13800138', '010-0123456', '1234', '010-123456789', '00-12345678', '010--12345678', 'abc', '13800138000'],
      '请输入正确的座机号码',
    );
  });

  it('phone: mobile or landline, "请输入正确的电话号码"', () => {
    expectValid(phoneRule, ['13800138000', '010-88886666', '0755-2345678', '88886666', '', undefined]);
    expectInvalid(phoneRule, ['12345', '12800138000', 'phone', '010-0000000', {}], '请输入正确的电话号码');
  });

  it('6-digit code', () => {
    expectValid(smsCodeRule, ['123456', '000000', 123456, '']);
    expectInvalid(smsCodeRule, ['12345', '1234567', '12345a', ' 123456', 12345], '请输入6位数字验证码');
  });

  it('username: 3-16 letters or digits', () => {
    expectValid(usernameRule, ['abc', 'admin01', 'A1b2C3d4E5f6G7h8', '123', '']);
    expectInvalid(usernameRule, ['ab', 'a'.repeat(17), 'user_name', 'user name', '张三丰', 'ab-c'], '用户名须为3到16位字母或数字');
  });
});

describe('required text with min/max length', () => {
  it('defaults to a generic required message', () => {
    const rule = requiredTextRule();
    expectInvalid(rule, BLANKS, '此项为必填项');
    expectValid(rule, ['x']);
  });

  it('uses the label or an explicit message', () => {
    expect(requiredTextRule({ label: '活动名称' })('')).toBe('请输入活动名称');
    expect(requiredTextRule({ message: '名称不能为空' })('  ')).toBe('名称不能为空');
  });

  it('checks minimum and maximum length', () => {
    const rule = requiredTextRule({ label: '标题', min: 2, max: 5 });
    expect(rule('')).toBe('请输入标题');
    expect(rule('a')).toBe('最少输入2个字符');
    expect(rule('ab')).toBeNull();
    expect(rule('展会名称啊')).toBeNull();
    expect(rule('展会名称啊！')).toBe('最多输入5个字符');
    expect(rule({})).toBe(MSG_INVALID);
  });

  it('textLengthRule alone lets blank values through', () => {
    const rule = textLengthRule({ min: 3 });
    expectValid(rule, ['', undefined, 'abc']);
    expect(rule('ab')).toBe('最少输入3个字符');
    expect(textLengthRule({ max: 2 })(123)).toBe('最多输入2个字符');
  });

  it('rejects nonsensical bounds when the rule is built', () => {
    expect(() => textLengthRule({ min: -1 })).toThrow(RangeError);
    expect(() => multiSelectRule({ max: 1.5 })).toThrow(RangeError);
  });
});

describe('selects', () => {
  it('selects are required', () => {
    expectInvalid(requiredSelectRule(), BLANKS, '请选择');
    expectInvalid(requiredSelectRule('展会类型'), [undefined, '', []], '请选择展会类型');
    expectValid(requiredSelectRule('展会类型'), [0, 'a', 1, ['x'], false]);
  });

  it('multi-select minimum', () => {
    const rule = multiSelectRule({ min: 2 });
    expectInvalid(rule, [undefined, null, [], ['a'], 'a'], '至少选择2项');
    expectValid(rule, [['a', 'b'], ['a', 'b', 'c']]);
  });

  it('multi-select maximum', () => {
    const rule = multiSelectRule({ max: 3 });
    expectValid(rule, [undefined, [], ['a', 'b', 'c']]);
    expectInvalid(rule, [['a', 'b', 'c', 'd']], '最多选择3项');
  });

  it('multi-select with both bounds', () => {
    const rule = multiSelectRule({ min: 1, max: 2 });
    expect(rule([])).toBe('至少选择1项');
    expect(rule([1])).toBeNull();
    expect(rule([1, 2, 3])).toBe('最多选择2项');
  });
});

describe('number and character-class rules', () => {
  it('natural number', () => {
    expectValid(naturalNumberRule, ['0', '1', '42', '1000000', 0, 7, '']);
    expectInvalid(naturalNumberRule, ['-1', '1.5', '01', 'abc', '1e3', ' 1', -3, 2.5], '请输入自然数');
  });

  it('English letters', () => {
    expectValid(englishLettersRule, ['abc', 'ABC', 'Hello', '']);
    expectInvalid(englishLettersRule, ['abc1', 'a b', '中文', 'é', 'a-b'], '只能输入英文字母');
  });

  it('bank card: 10-20 digits not starting with 0', () => {
    expectValid(bankCardRule, ['6222021234567890123', '1234567890', '1'.repeat(20), '']);
    expectInvalid(bankCardRule, ['0123456789', '123456789', '1'.repeat(21), '6222 0212 3456', '62220212345678901x'], '请输入正确的银行卡号');
  });

  it('certificate number: up to 50 letters/digits', () => {
    expectValid(certificateNoRule, ['A1', 'E12345678', 'a'.repeat(50), '']);
    expectInvalid(certificateNoRule, ['a'.repeat(51), 'AB-123', 'AB 123', '证件123'], '证件号码最多50位字母或数字');
  });

  it('QQ: 5-12 digits, not starting with 0', () => {
    expectValid(qqRule, ['10000', '123456789012', 12345, '']);
    expectInvalid(qqRule, ['1234', '1234567890123', '01234', 'qq12345'], '请输入正确的QQ号码');
  });

  it('URL must start with http or https', () => {
    expectValid(urlRule, ['http://example.com', 'https://example.com/a?b=1', 'HTTPS://EXAMPLE.COM', '']);
    expectInvalid(urlRule, ['example.com', 'ftp://example.com', 'http://', 'https:/example.com', 'http://a b', 'www.example.com'], '网址须以http://或https://开头');
  });

  it('up to 20 letters/digits', () => {
    expectValid(alnum20Rule, ['a', 'A1b2', 'a'.repeat(20), '12345', '']);
    expectInvalid(alnum20Rule, ['a'.repeat(21), 'ab_c', 'ab c', '中'], '最多输入20位字母或数字');
  });

  it('2-100 Chinese/English/space characters', () => {
    expectValid(nameTextRule, ['张三', 'Tom', 'Tom Hanks', '上海 国际 会展', '中　文', '中'.repeat(100), 'a'.repeat(100), '']);
    expectInvalid(nameTextRule, ['张', 'a', '中'.repeat(101), '张三1', 'Tom-Hanks', '张三！', 'O\'Neil'], '请输入2到100个中文、英文或空格');
  });

  it('digits and line breaks', () => {
    expectValid(digitsAndLineBreaksRule, ['123', '123\n456', '1\r\n2\r\n', '\n1', '']);
    expectInvalid(digitsAndLineBreaksRule, ['12 3', '1,2', '12a', '1\t2', '-1'], '只能输入数字和换行');
  });

  it('up to 255 characters', () => {
    expectValid(max255Rule, ['a', 'a'.repeat(255), '中'.repeat(255), '😀'.repeat(255), '']);
    expectInvalid(max255Rule, ['a'.repeat(256), '中'.repeat(256)], '最多输入255个字符');
  });
});

describe('national ID card', () => {
  it('accepts valid 18-digit numbers (checksum, X and x)', () => {
    expectValid(idCardRule, ['11010519491231002X', '11010519491231002x', '440304200002291236', '320106199003070012', '']);
  });

  it('rejects a wrong check digit', () => {
    expectInvalid(idCardRule, ['110105194912310021', '440304200002291237', '320106199003070013'], '请输入正确的身份证号码');
  });

  it('rejects implausible birth dates in the 18-digit form', () => {
    // 1900-02-29, 2023-02-29, month 13, day 32 and year 1899 are not plausible birth dates.
    // Each of these carries a correct check digit, so only the date check can reject it.
    expect(isValidIdCard('110105190002290017')).toBe(false);
    expect(isValidIdCard('110105202302290014')).toBe(false);
    expect(isValidIdCard('110105199013010018')).toBe(false);
    expect(isValidIdCard('110105199001320019')).toBe(false);
    expect(isValidIdCard('110105189901010017')).toBe(false);
    // 2000 is a leap year (divisible by 400).
    expect(isValidIdCard('110105200002290013')).toBe(true);
  });

  it('accepts a valid 15-digit number and rejects bad dates in it', () => {
    expectValid(idCardRule, ['110105491231002', '440304800229123']);
    expectInvalid(idCardRule, ['110105491331002', '110105490230002', '110105010229123'], MSG_ID_CARD);
  });

  it('rejects other shapes', () => {
    expectInvalid(
      idCardRule,
      ['11010519491231002', '1101051949123100211', '01010519491231002X', '11010519491231X02X', '11010549123100X', 11010519491231002, 'abcdefghijklmnopqr'],
      '请输入正确的身份证号码',
    );
  });
});

describe('quantity', () => {
  it('is required', () => {
    expectInvalid(quantityRequiredRule, [...BLANKS, Number.NaN], '请输入数量');
    expectValid(quantityRequiredRule, [0, '1']);
  });

  it('positive integer (0 allowed; see the non-zero variant)', () => {
    expectValid(positiveIntegerRule, ['0', '1', '123', 5, 0, '9007199254740991', '']);
    expectInvalid(positiveIntegerRule, ['-1', '1.5', '01', 'a', '1e2', -2, 2.5, '9007199254740993', {}], '格式不正确，请输入正整数');
  });

  it('non-zero positive integer variant', () => {
    expectValid(nonZeroPositiveIntegerRule, ['1', '99', 3, '']);
    expectInvalid(nonZeroPositiveIntegerRule, ['0', 0, '-1', '1.0', 'x'], '格式不正确，请输入大于0的正整数');
  });

  it('preset lists', () => {
    const q = composeRules(...quantityRules);
    expect(q('')).toBe('请输入数量');
    expect(q('x')).toBe(MSG_POSITIVE_INTEGER);
    expect(q('0')).toBeNull();
    const nz = composeRules(...nonZeroQuantityRules);
    expect(nz(undefined)).toBe('请输入数量');
    expect(nz('0')).toBe(MSG_NON_ZERO_POSITIVE_INTEGER);
    expect(nz(7)).toBeNull();
  });
});

describe('discount', () => {
  it('is required', () => {
    expectInvalid(discountRequiredRule, BLANKS, '请输入折扣');
    expectValid(discountRequiredRule, [0, '0', 100]);
  });

  it('is an integer from 0 to 100', () => {
    expectValid(discountRangeRule, [0, '0', '1', 50, '100', 100, '']);
    expectInvalid(discountRangeRule, ['101', 101, '-1', -1, '9.5', 9.5, '050', 'abc'], '折扣须为0到100之间的整数');
  });

  it('preset list', () => {
    const rule = composeRules(...discountRules);
    expect(rule(null)).toBe(MSG_DISCOUNT_REQUIRED);
    expect(rule(150)).toBe(MSG_DISCOUNT_RANGE);
    expect(rule(85)).toBeNull();
  });
});

describe('price', () => {
  it('is required', () => {
    expectInvalid(priceRequiredRule, BLANKS, '请输入价格');
    expectValid(priceRequiredRule, ['1', 0]);
  });

  it('digits with up to two decimals', () => {
    expectValid(priceFormatRule, ['1', '0', '0.5', '12.34', '1000000.00', 19.9, 100, '']);
    expectInvalid(priceFormatRule, ['1.234', '-1', '01.5', '1.', '.5', 'abc', '1e3', '1,000', -3.5, 0.123], '价格格式不正确，最多保留两位小数');
  });

  it('must not be 0', () => {
    expectInvalid(priceNotZeroRule, ['0', '0.0', '0.00', 0], '价格不能为0');
    expectValid(priceNotZeroRule, ['0.01', '1', 2.5, '']);
  });

  it('preset list: required, format, then zero', () => {
    const rule = composeRules(...priceRules);
    expect(rule('')).toBe(MSG_PRICE_REQUIRED);
    expect(rule('1.999')).toBe(MSG_PRICE_FORMAT);
    expect(rule('0.00')).toBe(MSG_PRICE_ZERO);
    expect(rule('0.01')).toBeNull();
  });
});

describe('selections', () => {
  it('switching projects needs at least one', () => {
    expectInvalid(switchProjectRule, [[], undefined, null, 'x'], '请至少选择一个项目信息进行切换');
    expectValid(switchProjectRule, [[1], ['a', 'b']]);
  });

  it('switching activities needs at least one', () => {
    expectInvalid(switchActivityRule, [[], undefined], '请至少选择一个活动信息进行切换');
    expectValid(switchActivityRule, [[42]]);
  });

  it('table actions need a selected row', () => {
    expectInvalid(tableSelectionRule, [[], undefined, null], '您还未选择数据');
    expectValid(tableSelectionRule, [['row-1']]);
  });
});

describe('composeRules', () => {
  it('returns the first failure and null when all pass', () => {
    const rule = composeRules(
      (v) => (v === 'a' ? 'first' : null),
      (v) => (v === 'a' || v === 'b' ? 'second' : null),
    );
    expect(rule('a')).toBe('first');
    expect(rule('b')).toBe('second');
    expect(rule('c')).toBeNull();
    expect(composeRules()('anything')).toBeNull();
  });
});

describe('toAntdRule', () => {
  it('resolves for valid values and rejects with an Error carrying the message', async () => {
    const r = toAntdRule(mobileRule);
    await expect(r.validator({}, '13800138000')).resolves.toBeUndefined();
    await expect(r.validator({}, '123')).rejects.toThrow('请输入正确的手机号码');
    await expect(r.validator({}, '123')).rejects.toBeInstanceOf(Error);
    expect(r.required).toBeUndefined();
  });

  it('accepts a rule list and can mark the field required', async () => {
    const r = toAntdRule(passwordRules, { required: true });
    expect(r.required).toBe(true);
    await expect(r.validator({}, undefined)).rejects.toThrow('请输入密码');
    await expect(r.validator({}, '12')).rejects.toThrow('长度为8到64个字符');
    await expect(r.validator({}, '12345678')).rejects.toThrow('密码过于常见，请换一个');
    await expect(r.validator({}, 'newpass2026')).resolves.toBeUndefined();
  });
});

describe('validate (server helper)', () => {
  const fields = {
    nickName: nickNameRules,
    mail: mailRules,
    mobile: mobileRule,
  };

  it('returns one error per failing field, in declaration order', () => {
    expect(validate(fields, { nickName: '', mail: 'bad', mobile: '123' })).toEqual([
      { field: 'nickName', msg: '姓名不能为空' },
      { field: 'mail', msg: '请输入正确的邮箱地址' },
      { field: 'mobile', msg: '请输入正确的手机号码' },
    ]);
  });

  it('returns [] when everything passes', () => {
    expect(validate(fields, { nickName: '张三', mail: 'a@b.cn', mobile: '' })).toEqual([]);
  });

  it('treats non-object bodies as empty and ignores inherited properties', () => {
    expect(validate({ nickName: nickNameRules }, null)).toEqual([{ field: 'nickName', msg: '姓名不能为空' }]);
    expect(validate({ nickName: nickNameRules }, 'str')).toEqual([{ field: 'nickName', msg: '姓名不能为空' }]);
    expect(validate({ constructor: requiredTextRule() }, {})).toEqual([{ field: 'constructor', msg: '此项为必填项' }]);
  });

  it('supports cross-field rules through factories', () => {
    const body = { password: 'secret01', confirm: 'secret02' };
    expect(
      validate({ password: passwordRules, confirm: confirmPasswordRule(body.password) }, body),
    ).toEqual([{ field: 'confirm', msg: '两次输入的密码不一致' }]);
  });
});
