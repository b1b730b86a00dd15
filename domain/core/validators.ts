/**
 * Validation rules, shared by the React forms and the Fastify server.
 *
 * Isomorphic on purpose: no DOM, no Node APIs and no antd import, so the server can run the exact
 * rules (and messages) the browser shows. A rule is a pure function `(value) => message | null`.
 *
 * Convention ("an empty value passes the format check itself"): every FORMAT rule lets an
 * empty value through; "required" is always a separate rule. Combine them with `composeRules` or by
 * passing an array, so a field reports exactly one message: the first rule that fails.
 */
import { dayProblem, isCalendarDate, MSG_DAY_RANGE } from '@domain/core/dates';
import { COMMON_PASSWORDS } from '@domain/core/commonPasswords';
import { MSG_NO_SELECTION } from '@domain/core/selection';
import type { FieldError } from '@domain/core/envelope';

export type { FieldError };

/** null means valid; a string is the Chinese message to show. */
export type Rule = (value: unknown) => string | null;

/** Either a single rule or an ordered list (first failure wins). */
export type RuleSet = Rule | readonly Rule[];

// ---------------------------------------------------------------------------------------------
// Messages. Exported so the UI and tests reuse the exact strings instead of retyping them.
// English messages of the spec are rendered as natural Chinese; Chinese ones
// are verbatim.
// ---------------------------------------------------------------------------------------------

export const MSG_REQUIRED = '此项为必填项';
/** For values that have no text form at all (objects, booleans) reaching a text rule. */
export const MSG_INVALID = '格式不正确';
export const MSG_SELECT_REQUIRED = '请选择';

export const MSG_PASSWORD_REQUIRED = '请输入密码';
export const MSG_PASSWORD_LENGTH = '长度为8到64个字符';
export const MSG_PASSWORD_COMMON = '密码过于常见，请换一个';
export const MSG_PASSWORD_HAS_USERNAME = '密码不能包含用户名';
export const MSG_PASSWORD_HAS_PRODUCT = '密码不能包含产品名称（主办之家、zbzj）';
export const MSG_PASSWORD_HAS_ORGANISER = '密码不能包含单位名称';
export const MSG_CURRENT_PASSWORD_REQUIRED = '请输入当前密码';
/** The server's answer when the current password given with a change is wrong. */
export const MSG_CURRENT_PASSWORD_WRONG = '当前密码不正确';
export const MSG_CONFIRM_PASSWORD_REQUIRED = '请再次输入密码';
export const MSG_PASSWORD_MISMATCH = '两次输入的密码不一致';

export const MSG_NICKNAME_REQUIRED = '姓名不能为空';
/** The spec gives one message for the mail field, used both when empty and when malformed. */
export const MSG_MAIL_REQUIRED = '请输入正确的邮箱地址';
export const MSG_EMAIL = '请输入正确的邮箱地址';

export const MSG_MOBILE = '请输入正确的手机号码';
export const MSG_PHONE = '请输入正确的电话号码';
export const MSG_LANDLINE = '请输入正确的座机号码';
export const MSG_SMS_CODE = '请输入6位数字验证码';
export const MSG_USERNAME = '用户名须为3到16位字母或数字';
export const MSG_NATURAL_NUMBER = '请输入自然数';
export const MSG_ENGLISH_LETTERS = '只能输入英文字母';
export const MSG_BANK_CARD = '请输入正确的银行卡号';
export const MSG_CERTIFICATE_NO = '证件号码最多50位字母或数字';
export const MSG_ID_CARD = '请输入正确的身份证号码';
export const MSG_QQ = '请输入正确的QQ号码';
export const MSG_URL = '网址须以http://或https://开头';
export const MSG_ALNUM_20 = '最多输入20位字母或数字';
export const MSG_NAME_TEXT = '请输入2到100个中文、英文或空格';
export const MSG_DIGITS_AND_LINE_BREAKS = '只能输入数字和换行';

export const MSG_QUANTITY_REQUIRED = '请输入数量';
export const MSG_POSITIVE_INTEGER = '格式不正确，请输入正整数';
export const MSG_NON_ZERO_POSITIVE_INTEGER = '格式不正确，请输入大于0的正整数';

export const MSG_DISCOUNT_REQUIRED = '请输入折扣';
export const MSG_DISCOUNT_RANGE = '折扣须为0到100之间的整数';

export const MSG_PRICE_REQUIRED = '请输入价格';
export const MSG_PRICE_ZERO = '价格不能为0';
export const MSG_PRICE_FORMAT = '价格格式不正确，最多保留两位小数';

export const MSG_SWITCH_PROJECT = '请至少选择一个项目信息进行切换';
export const MSG_SWITCH_ACTIVITY = '请至少选择一个活动信息进行切换';
export { MSG_NO_SELECTION };

export const msgMinLength = (n: number): string => `最少输入${n}个字符`;
export const msgMaxLength = (n: number): string => `最多输入${n}个字符`;
export const msgMinSelect = (n: number): string => `至少选择${n}项`;
export const msgMaxSelect = (n: number): string => `最多选择${n}项`;

export const MSG_MAX_255 = msgMaxLength(255);

/**
 * Password length 8-64 (6-18 was too short to resist guessing and too short for a pass phrase). The
 * message keeps the earlier wording: '长度为8到64个字符'.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/**
 * What "not filled in" means for every required rule: nothing, a whitespace-only string (a field of
 * spaces is not a name), NaN (a cleared numeric input) or an empty selection.
 */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * Text form of a scalar: antd Input gives strings, InputNumber gives numbers, and JSON bodies give
 * either, so format rules accept both. Anything else (objects, booleans) has no text form and fails.
 */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'bigint') return String(value);
  return null;
}

/** Counts code points, not UTF-16 units, so an emoji or rare CJK character counts as one. */
function charCount(text: string): number {
  return Array.from(text).length;
}

/** A format rule: blank passes (required is separate), otherwise the whole text must match. */
function patternRule(pattern: RegExp, message: string): Rule {
  return (value) => {
    if (isBlank(value)) return null;
    const text = asText(value);
    return text !== null && pattern.test(text) ? null : message;
  };
}

export function requiredRule(message: string): Rule {
  return (value) => (isBlank(value) ? message : null);
}

function assertCount(name: string, n: number | undefined): void {
  // Misconfigured factories are programmer errors; fail loudly at definition time, not per keystroke.
  if (n !== undefined && (!Number.isInteger(n) || n < 0)) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(n)}`);
  }
}

/** Runs rules in order and returns the first message, so a field never shows two errors at once. */
export function composeRules(...rules: readonly Rule[]): Rule {
  return (value) => {
    for (const rule of rules) {
      const msg = rule(value);
      if (msg !== null) return msg;
    }
    return null;
  };
}

function toRule(rules: RuleSet): Rule {
  return typeof rules === 'function' ? rules : composeRules(...rules);
}

// ---------------------------------------------------------------------------------------------
// Password change form
// ---------------------------------------------------------------------------------------------

export const passwordRequiredRule: Rule = requiredRule(MSG_PASSWORD_REQUIRED);

export const passwordLengthRule: Rule = (value) => {
  if (isBlank(value)) return null;
  const text = asText(value);
  if (text === null) return MSG_PASSWORD_LENGTH;
  const n = charCount(text);
  return n >= PASSWORD_MIN_LENGTH && n <= PASSWORD_MAX_LENGTH ? null : MSG_PASSWORD_LENGTH;
};

/** A new password must not be one of the most common ones (domain/core/commonPasswords.ts), in any case. */
export const commonPasswordRule: Rule = (value) => {
  if (isBlank(value)) return null;
  const text = asText(value);
  if (text === null) return null;
  return COMMON_PASSWORDS.has(text.normalize('NFC').toLowerCase()) ? MSG_PASSWORD_COMMON : null;
};

/**
 * The other field's value, or a getter for it. Forms pass a getter (antd's getFieldValue) because
 * the other field changes after the rule is built; the server passes the plain body value.
 */
export type OtherValue = string | number | null | undefined | (() => unknown);

function readOther(other: OtherValue): unknown {
  return typeof other === 'function' ? other() : other;
}

/**
 * On the password field: must equal the confirmation. Silent while the confirmation is still empty,
 * so the user is not told "differ" before typing the second copy.
 */
export function passwordMatchRule(confirmation: OtherValue): Rule {
  return (value) => {
    const other = readOther(confirmation);
    if (isBlank(value) || isBlank(other)) return null;
    return asText(value) === asText(other) ? null : MSG_PASSWORD_MISMATCH;
  };
}

/** On the confirmation field: required, then must equal the password. */
export function confirmPasswordRule(password: OtherValue): Rule {
  return (value) => {
    if (isBlank(value)) return MSG_CONFIRM_PASSWORD_REQUIRED;
    const other = readOther(password);
    return asText(value) === asText(other) ? null : MSG_PASSWORD_MISMATCH;
  };
}

/** What a guesser tries first for an account: its name, its organiser's name, the product's name. */
export interface PasswordContext {
  username?: unknown;
  organiserName?: unknown;
}

/** The product's names, as people write them (compared in lower case, spaces ignored). */
const PRODUCT_NAMES = ['zbzj', '主办之家'];
/** Shorter names would refuse too much by accident (「ab」 inside a pass phrase). */
const MIN_CONTAINED_NAME = 3;
const MIN_CONTAINED_ORGANISER = 2;

const folded = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/**
 * A new password must not contain the username, the product's name or the organiser's name. The context
 * is read when the rule runs (a form's other fields change after the rule is built); unknown parts are
 * skipped, so the browser checks what it knows and the server, which knows all, checks the rest.
 */
export function passwordContextRule(context: () => PasswordContext): Rule {
  return (value) => {
    if (isBlank(value)) return null;
    const text = asText(value);
    if (text === null) return null;
    const password = folded(text);
    const { username, organiserName } = context();
    const name = typeof username === 'string' ? folded(username) : '';
    if (name.length >= MIN_CONTAINED_NAME && password.includes(name)) return MSG_PASSWORD_HAS_USERNAME;
    if (PRODUCT_NAMES.some((product) => password.includes(product))) return MSG_PASSWORD_HAS_PRODUCT;
    const organiser = typeof organiserName === 'string' ? folded(organiserName) : '';
    if (organiser.length >= MIN_CONTAINED_ORGANISER && password.includes(organiser)) return MSG_PASSWORD_HAS_ORGANISER;
    return null;
  };
}

/** A new password (change, registration, recovery): required, 8-64 characters, not a common one. */
export const passwordRules: readonly Rule[] = [passwordRequiredRule, passwordLengthRule, commonPasswordRule];

/** passwordRules plus what the password must not contain (passwordContextRule). */
export const newPasswordRules = (context: () => PasswordContext): readonly Rule[] => [...passwordRules, passwordContextRule(context)];

/** The current password, asked for before a change; only the server can tell whether it is right. */
export const currentPasswordRules: readonly Rule[] = [requiredRule(MSG_CURRENT_PASSWORD_REQUIRED)];

// ---------------------------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------------------------

export const nickNameRequiredRule: Rule = requiredRule(MSG_NICKNAME_REQUIRED);
export const mailRequiredRule: Rule = requiredRule(MSG_MAIL_REQUIRED);

/**
 * Practical email shape: dot-separated atoms before @, a dotted host with a 2+ letter TLD, 254 chars
 * max (RFC 5321 path limit). Deliberately not full RFC 5322: quoted local parts are never real input.
 */
const EMAIL_RE =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export const emailRule: Rule = (value) => {
  if (isBlank(value)) return null;
  const text = asText(value);
  return text !== null && text.length <= 254 && EMAIL_RE.test(text) ? null : MSG_EMAIL;
};

export const nickNameRules: readonly Rule[] = [nickNameRequiredRule];
export const mailRules: readonly Rule[] = [mailRequiredRule, emailRule];

// ---------------------------------------------------------------------------------------------
// Shared rules
// ---------------------------------------------------------------------------------------------

/** Mainland mobile: 11 digits, 1 then 3-9. */
const MOBILE_RE = /^1[3-9]\d{9}$/;
/**
 * Landline: optional area code (0 + 2-3 digits, optional hyphen), a 7-8 digit local number that
 * never starts with 0 (the trunk prefix), optional extension after a hyphen. Without an area code the
 * local number must start with 2-9, so a mistyped 8-digit mobile ('13800138') is not taken for one.
 */
const LANDLINE_RE = /^(?:0\d{2,3}-?[1-9]\d{6,7}|[2-9]\d{6,7})(?:-\d{1,6})?$/;

export const mobileRule: Rule = patternRule(MOBILE_RE, MSG_MOBILE);
export const landlineRule: Rule = patternRule(LANDLINE_RE, MSG_LANDLINE);
/** "Phone or landline accepted by the mobile rule": either form passes, one shared message. */
export const phoneRule: Rule = (value) => {
  if (isBlank(value)) return null;
  const text = asText(value);
  return text !== null && (MOBILE_RE.test(text) || LANDLINE_RE.test(text)) ? null : MSG_PHONE;
};

export const smsCodeRule: Rule = patternRule(/^\d{6}$/, MSG_SMS_CODE);
export const usernameRule: Rule = patternRule(/^[A-Za-z0-9]{3,16}$/, MSG_USERNAME);

export interface TextLengthOptions {
  min?: number | undefined;
  max?: number | undefined;
}

/**
 * Length limits only (blank passes). Counts the raw value, as antd's `showCount` does, so the
 * counter the user sees and the rule agree.
 */
export function textLengthRule({ min, max }: TextLengthOptions): Rule {
  assertCount('min', min);
  assertCount('max', max);
  return (value) => {
    if (isBlank(value)) return null;
    const text = asText(value);
    if (text === null) return MSG_INVALID;
    const n = charCount(text);
    if (min !== undefined && n < min) return msgMinLength(min);
    if (max !== undefined && n > max) return msgMaxLength(max);
    return null;
  };
}

export interface RequiredTextOptions extends TextLengthOptions {
  /** Field name for the default message '请输入{label}'. */
  label?: string;
  /** Overrides the required message entirely. */
  message?: string;
}

/** Required text with optional min/max length. */
export function requiredTextRule(options: RequiredTextOptions = {}): Rule {
  const { label, message, min, max } = options;
  const requiredMsg = message ?? (label ? `请输入${label}` : MSG_REQUIRED);
  return composeRules(requiredRule(requiredMsg), textLengthRule({ min, max }));
}

/** Selects are required: '请选择{label}'. 0 and false are real choices, so only blanks fail. */
export function requiredSelectRule(label?: string): Rule {
  return requiredRule(label ? `${MSG_SELECT_REQUIRED}${label}` : MSG_SELECT_REQUIRED);
}

export interface MultiSelectOptions {
  min?: number | undefined;
  max?: number | undefined;
}

/**
 * Multi-select bounds. Nothing selected counts as zero items, so `min` also makes the field required
 * (an empty selection is "fewer than N"). A lone scalar counts as one item.
 */
export function multiSelectRule({ min, max }: MultiSelectOptions): Rule {
  assertCount('min', min);
  assertCount('max', max);
  return (value) => {
    const n = value === undefined || value === null ? 0 : Array.isArray(value) ? value.length : 1;
    if (min !== undefined && n < min) return msgMinSelect(min);
    if (max !== undefined && n > max) return msgMaxSelect(max);
    return null;
  };
}

/** Non-negative integer written without leading zeros: 0, 1, 42. */
const NATURAL_RE = /^(?:0|[1-9]\d*)$/;

export const naturalNumberRule: Rule = patternRule(NATURAL_RE, MSG_NATURAL_NUMBER);
export const englishLettersRule: Rule = patternRule(/^[A-Za-z]+$/, MSG_ENGLISH_LETTERS);
export const bankCardRule: Rule = patternRule(/^[1-9]\d{9,19}$/, MSG_BANK_CARD);
export const certificateNoRule: Rule = patternRule(/^[A-Za-z0-9]{1,50}$/, MSG_CERTIFICATE_NO);
export const qqRule: Rule = patternRule(/^[1-9]\d{4,11}$/, MSG_QQ);
/** Scheme check only (case-insensitive) plus something after it; no whitespace anywhere. */
export const urlRule: Rule = patternRule(/^https?:\/\/\S+$/i, MSG_URL);
export const alnum20Rule: Rule = patternRule(/^[A-Za-z0-9]{1,20}$/, MSG_ALNUM_20);
/** Han characters, Latin letters, ASCII and ideographic spaces; `u` makes {2,100} count code points. */
export const nameTextRule: Rule = patternRule(/^[\p{Script=Han}A-Za-z \u3000]{2,100}$/u, MSG_NAME_TEXT);
/** Digits and line breaks: e.g. one number per line in a batch textarea. */
export const digitsAndLineBreaksRule: Rule = patternRule(/^[0-9\r\n]+$/, MSG_DIGITS_AND_LINE_BREAKS);
export const max255Rule: Rule = textLengthRule({ max: 255 });

// National ID card (GB 11643-1999) --------------------------------------------------------------

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CODES = '10X98765432';

/**
 * 18-digit form: region, YYYYMMDD birth date, sequence, ISO 7064 MOD 11-2 check (X/x = 10).
 * 15-digit (pre-1999) form: region, YYMMDD in the 1900s, sequence, no check digit.
 * The birth year is bounded to 1900-2099 rather than "not after today" to keep the rule pure
 * (no clock) and therefore identical on client and server.
 */
export function isValidIdCard(id: string): boolean {
  if (/^[1-9]\d{16}[\dXx]$/.test(id)) {
    const year = Number(id.slice(6, 10));
    if (year < 1900 || year > 2099) return false;
    if (!isCalendarDate(year, Number(id.slice(10, 12)), Number(id.slice(12, 14)))) return false;
    let sum = 0;
    for (let i = 0; i < 17; i++) sum += Number(id[i]) * (ID_WEIGHTS[i] ?? 0);
    return ID_CHECK_CODES[sum % 11] === id[17]?.toUpperCase();
  }
  if (/^[1-9]\d{14}$/.test(id)) {
    const year = 1900 + Number(id.slice(6, 8));
    return isCalendarDate(year, Number(id.slice(8, 10)), Number(id.slice(10, 12)));
  }
  return false;
}

export const idCardRule: Rule = (value) => {
  if (isBlank(value)) return null;
  // Only strings: a number would lose the trailing X and any digits past 2^53.
  return typeof value === 'string' && isValidIdCard(value) ? null : MSG_ID_CARD;
};

// ---------------------------------------------------------------------------------------------
// Quantity, discount, price
// ---------------------------------------------------------------------------------------------

/** Integer text within the safe range, so the server never stores a rounded number. */
function safeInteger(value: unknown): number | null {
  const text = asText(value);
  if (text === null || !NATURAL_RE.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

export const quantityRequiredRule: Rule = requiredRule(MSG_QUANTITY_REQUIRED);

/** "Positive integer" in the spec's sense: whole numbers from 0 up (the non-zero variant is below). */
export const positiveIntegerRule: Rule = (value) => {
  if (isBlank(value)) return null;
  return safeInteger(value) === null ? MSG_POSITIVE_INTEGER : null;
};

export const nonZeroPositiveIntegerRule: Rule = (value) => {
  if (isBlank(value)) return null;
  const n = safeInteger(value);
  return n === null || n === 0 ? MSG_NON_ZERO_POSITIVE_INTEGER : null;
};

export const quantityRules: readonly Rule[] = [quantityRequiredRule, positiveIntegerRule];
export const nonZeroQuantityRules: readonly Rule[] = [quantityRequiredRule, nonZeroPositiveIntegerRule];

export const discountRequiredRule: Rule = requiredRule(MSG_DISCOUNT_REQUIRED);

/** Discount is an integer 0-100. */
export const discountRangeRule: Rule = (value) => {
  if (isBlank(value)) return null;
  const n = safeInteger(value);
  return n !== null && n <= 100 ? null : MSG_DISCOUNT_RANGE;
};

export const discountRules: readonly Rule[] = [discountRequiredRule, discountRangeRule];

export const priceRequiredRule: Rule = requiredRule(MSG_PRICE_REQUIRED);

/** Price has up to 2 decimals; digits only, so negatives and exponents are rejected. */
const PRICE_RE = /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/;

export const priceFormatRule: Rule = patternRule(PRICE_RE, MSG_PRICE_FORMAT);

/** Checked after the format, so '0', '0.0' and '0.00' all read as zero. */
export const priceNotZeroRule: Rule = (value) => {
  if (isBlank(value)) return null;
  const text = asText(value);
  return text !== null && Number(text) === 0 ? MSG_PRICE_ZERO : null;
};

export const priceRules: readonly Rule[] = [priceRequiredRule, priceFormatRule, priceNotZeroRule];

// ---------------------------------------------------------------------------------------------
// Business records: amounts, dates, choices, company identifiers (the resource definitions use these)
// ---------------------------------------------------------------------------------------------

export const MSG_AMOUNT_FORMAT = '金额格式不正确，最多保留两位小数';
export const MSG_AMOUNT_ZERO = '金额不能为0';
export const MSG_DATE = '请输入正确的日期';
export const MSG_OPTION = '请从列表中选择';
export const MSG_CREDIT_CODE = '请输入正确的18位统一社会信用代码';
export const MSG_TAX_NO = '请输入正确的纳税人识别号';
export const msgIntegerRange = (min: number, max: number): string => `请输入${min}到${max}之间的整数`;

/**
 * An amount of money in yuan: digits with up to two decimals, at most 12 integer digits (below a trillion
 * yuan), so that the amount in fen is always a safe integer on both sides.
 */
const AMOUNT_RE = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;

export const amountFormatRule: Rule = patternRule(AMOUNT_RE, MSG_AMOUNT_FORMAT);

export const amountNotZeroRule: Rule = (value) => {
  if (isBlank(value)) return null;
  const text = asText(value);
  return text !== null && Number(text) === 0 ? MSG_AMOUNT_ZERO : null;
};

/** A calendar date written YYYY-MM-DD (what date pickers send and the server stores), from 1900 to 2100. */
export const dateRule: Rule = (value) => {
  if (isBlank(value)) return null;
  const problem = dayProblem(value);
  return problem === 'range' ? MSG_DAY_RANGE : problem ? MSG_DATE : null;
};

/** The value must be one of a fixed set of choices (compared by text, so '1' matches 1). */
export function oneOfRule(values: ReadonlyArray<string | number>): Rule {
  const allowed = new Set(values.map(String));
  return (value) => {
    if (isBlank(value)) return null;
    const text = asText(value);
    return text !== null && allowed.has(text) ? null : MSG_OPTION;
  };
}

/** A whole number from min to max inclusive. */
export function integerRangeRule(min: number, max: number): Rule {
  return (value) => {
    if (isBlank(value)) return null;
    const text = asText(value);
    if (text === null || !/^-?(?:0|[1-9]\d*)$/.test(text)) return msgIntegerRange(min, max);
    const n = Number(text);
    return n >= min && n <= max ? null : msgIntegerRange(min, max);
  };
}

/** 统一社会信用代码 (GB 32100-2015): 18 characters from digits and capitals without I, O, S, V, Z. */
export const creditCodeRule: Rule = patternRule(/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/, MSG_CREDIT_CODE);

/** 纳税人识别号: 15, 17, 18 or 20 digits and capital letters (the credit code for most companies). */
export const taxNoRule: Rule = patternRule(/^(?:[0-9A-Z]{15}|[0-9A-Z]{17,18}|[0-9A-Z]{20})$/, MSG_TAX_NO);

// ---------------------------------------------------------------------------------------------
// Competition report numbers (报名编号)
// ---------------------------------------------------------------------------------------------

export const MSG_REPORT_NO_REQUIRED = '请输入报名编号';
export const MSG_REPORT_NO = '报名编号格式不正确，例如 DS15-2026-000318';

/**
 * DS + edition (2 digits) - year - 6-digit sequence, e.g. DS15-2026-000318. Upper case only: the
 * numbers are printed that way, and the lookup forms upper-case what was typed before checking.
 */
export const REPORT_NO_RE = /^DS\d{2}-\d{4}-\d{6}$/;
export const reportNoRule: Rule = patternRule(REPORT_NO_RE, MSG_REPORT_NO);
export const reportNoRules: readonly Rule[] = [requiredRule(MSG_REPORT_NO_REQUIRED), reportNoRule];

// ---------------------------------------------------------------------------------------------
// Selections
// ---------------------------------------------------------------------------------------------

function atLeastOne(message: string): Rule {
  return (value) => (Array.isArray(value) && value.length > 0 ? null : message);
}

/** Switching projects needs at least one selected row key. */
export const switchProjectRule: Rule = atLeastOne(MSG_SWITCH_PROJECT);
export const switchActivityRule: Rule = atLeastOne(MSG_SWITCH_ACTIVITY);
/** Table actions (export, batch delete...) need at least one selected row. */
export const tableSelectionRule: Rule = atLeastOne(MSG_NO_SELECTION);

// ---------------------------------------------------------------------------------------------
// Adapters
// ---------------------------------------------------------------------------------------------

/**
 * The part of antd's RuleObject we produce. Declared structurally so this file stays importable by
 * the server; it is assignable to antd's `Rule` because `unknown` parameters accept anything.
 */
export interface AntdRuleLike {
  required?: boolean;
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

export interface ToAntdRuleOptions {
  /** Shows antd's required asterisk; the check itself is still done by our rule. */
  required?: boolean;
}

/**
 * Wraps a rule (or an ordered list) for `Form.Item rules`. antd expects a rejected promise carrying
 * an Error whose message is displayed.
 */
export function toAntdRule(rules: RuleSet, options: ToAntdRuleOptions = {}): AntdRuleLike {
  const rule = toRule(rules);
  const validator = (_rule: unknown, value: unknown): Promise<void> => {
    const msg = rule(value);
    return msg === null ? Promise.resolve() : Promise.reject(new Error(msg));
  };
  return options.required ? { required: true, validator } : { validator };
}

export type FieldRules = Readonly<Record<string, RuleSet>>;

/**
 * Server-side check of a request body: one error per failing field (its first failing rule), in the
 * order the fields are declared. `values` is `unknown` because it is an untrusted body; only own
 * properties are read so a field named e.g. 'constructor' cannot pick up Object.prototype.
 */
export function validate(fields: FieldRules, values: unknown): FieldError[] {
  const source: Readonly<Record<string, unknown>> =
    typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {};
  const errors: FieldError[] = [];
  for (const [field, rules] of Object.entries(fields)) {
    const value = Object.prototype.hasOwnProperty.call(source, field) ? source[field] : undefined;
    const msg = toRule(rules)(value);
    if (msg !== null) errors.push({ field, msg });
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// 系统管理 → 角色 and 菜单 (the forms of /system/role and /system/menu)
// ---------------------------------------------------------------------------------------------

export const MSG_ROLE_NAME_REQUIRED = '请输入角色名称';
export const MSG_ROLE_CODE_REQUIRED = '请输入角色编码';
export const MSG_MENU_NAME_REQUIRED = '请输入菜单名称';
export const MSG_MENU_CODE_REQUIRED = '请输入菜单编码';
export const MSG_MENU_PATH_REQUIRED = '请输入路径';
export const MSG_ACTION_NAME_REQUIRED = '请输入操作名称';
export const MSG_ACTION_CODE_REQUIRED = '请输入操作编码';
export const MSG_CODE_FORMAT = '编码须以字母开头，只能包含字母、数字和下划线';

/** Column limits: roles.code 50, roles.name 50, menus.menu_code 64, menus.menu_name 50, actions.name 50. */
export const ROLE_CODE_MAX = 50;
export const ROLE_NAME_MAX = 50;
export const MENU_CODE_MAX = 64;
export const MENU_NAME_MAX = 50;
export const MENU_PATH_MAX = 255;

/** '/' = an in-app page named by its path; the others open an address outside the app. */
export const MENU_SCHEMES = ['/', 'https://', 'http://'] as const;
export const MENU_TARGETS = ['_blank', '_self'] as const;

/** Codes become authority strings (MENU_x, ACTION_x) and must stay plain identifiers. */
const codeRule: Rule = patternRule(/^[A-Za-z][A-Za-z0-9_]*$/, MSG_CODE_FORMAT);

export const roleNameRules: readonly Rule[] = [requiredRule(MSG_ROLE_NAME_REQUIRED), textLengthRule({ max: ROLE_NAME_MAX })];
export const roleCodeRules: readonly Rule[] = [requiredRule(MSG_ROLE_CODE_REQUIRED), textLengthRule({ min: 2, max: ROLE_CODE_MAX }), codeRule];
export const menuNameRules: readonly Rule[] = [requiredRule(MSG_MENU_NAME_REQUIRED), textLengthRule({ max: MENU_NAME_MAX })];
export const menuCodeRules: readonly Rule[] = [requiredRule(MSG_MENU_CODE_REQUIRED), textLengthRule({ min: 2, max: MENU_CODE_MAX }), codeRule];
export const menuPathRules: readonly Rule[] = [requiredRule(MSG_MENU_PATH_REQUIRED), textLengthRule({ max: MENU_PATH_MAX })];
export const actionNameRules: readonly Rule[] = [requiredRule(MSG_ACTION_NAME_REQUIRED), textLengthRule({ max: MENU_NAME_MAX })];
export const actionCodeRules: readonly Rule[] = [requiredRule(MSG_ACTION_CODE_REQUIRED), textLengthRule({ min: 2, max: MENU_CODE_MAX }), codeRule];

export const roleFormRules: FieldRules = { name: roleNameRules, code: roleCodeRules, remark: max255Rule };
export const menuFormRules: FieldRules = {
  menuName: menuNameRules,
  menuCode: menuCodeRules,
  path: menuPathRules,
  scheme: [requiredSelectRule('类型'), oneOfRule(MENU_SCHEMES)],
  target: oneOfRule(MENU_TARGETS),
};
export const actionFormRules: FieldRules = { name: actionNameRules, actionCode: actionCodeRules };

// ---------------------------------------------------------------------------------------------
// Registration and password recovery (the fields of /user/register and /htxx/forgetPw)
// ---------------------------------------------------------------------------------------------

export const MSG_ORGANISER_NAME_REQUIRED = '请输入主办单位名称';
export const MSG_CONTACT_NAME_REQUIRED = '请输入联系人姓名';
export const MSG_USERNAME_REQUIRED = '请输入用户名';
export const MSG_MOBILE_REQUIRED = '请输入手机号码';
export const MSG_SMS_CODE_REQUIRED = '请输入短信验证码';

/** Column limits: organisers.name 100, users.nick_name 50. */
export const ORGANISER_NAME_MAX = 100;
export const CONTACT_NAME_MAX = 50;

export const organiserNameRules: readonly Rule[] = [
  requiredRule(MSG_ORGANISER_NAME_REQUIRED),
  textLengthRule({ max: ORGANISER_NAME_MAX }),
];
export const contactNameRules: readonly Rule[] = [requiredRule(MSG_CONTACT_NAME_REQUIRED), textLengthRule({ max: CONTACT_NAME_MAX })];
export const usernameRules: readonly Rule[] = [requiredRule(MSG_USERNAME_REQUIRED), usernameRule];
export const mobileRules: readonly Rule[] = [requiredRule(MSG_MOBILE_REQUIRED), mobileRule];
export const smsCodeRules: readonly Rule[] = [requiredRule(MSG_SMS_CODE_REQUIRED), smsCodeRule];
