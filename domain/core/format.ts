/**
 * Number and money formatting (numbers, and money in Chinese capitals; money is integer fen, shown with
 * thousands separators and 2 decimals).
 *
 * Everything works on the decimal text of a value, never on float arithmetic: 1.005 rounds to 1.01
 * because that is what was written, and amounts beyond 2^53 stay exact as strings or bigints.
 * Pure and isomorphic (no DOM, no Node APIs), so the server can format exactly as the browser does.
 */

/** What a missing or unreadable value prints as. */
export const EMPTY_TEXT = '-';

export type NumericInput = number | string | bigint | null | undefined;

/** A finite decimal: sign, integer digits (no leading zeros needed) and fraction digits. */
interface Decimal {
  negative: boolean;
  int: string;
  frac: string;
}

const DECIMAL_TEXT = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Moves the decimal point of digits `int.frac` by `exponent` places. */
function shift(int: string, frac: string, exponent: number): { int: string; frac: string } {
  if (exponent === 0) return { int, frac };
  const digits = int + frac;
  const point = int.length + exponent;
  if (point <= 0) return { int: '0', frac: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { int: digits + '0'.repeat(point - digits.length), frac: '' };
  return { int: digits.slice(0, point), frac: digits.slice(point) };
}

function parseDecimalText(text: string, allowExponent: boolean): Decimal | null {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return null;
  const [, sign, int = '', frac = '', exponent] = match;
  if (int === '' && frac === '') return null;
  if (exponent !== undefined && !allowExponent) return null;
  const shifted = shift(int || '0', frac, exponent === undefined ? 0 : Number(exponent));
  return { negative: sign === '-', int: shifted.int || '0', frac: shifted.frac };
}

/** Reads numbers (by their shortest decimal text), numeric strings and bigints; null when unreadable. */
function toDecimal(value: NumericInput): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') {
    const text = value.toString();
    return { negative: text.startsWith('-'), int: text.replace('-', ''), frac: '' };
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return parseDecimalText(String(value), true);
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  // '1e999' is syntactically a number but not a finite one.
  if (text === '' || !Number.isFinite(Number(text))) return null;
  return parseDecimalText(text, true);
}

/** The decimal rounded half away from zero to `scale` places, as a signed integer count of 10^-scale. */
function toScaled(decimal: Decimal, scale: number): bigint {
  const kept = decimal.frac.slice(0, scale).padEnd(scale, '0');
  let magnitude = BigInt(decimal.int + kept);
  const next = decimal.frac.charAt(scale);
  if (next !== '' && next >= '5') magnitude += 1n;
  return decimal.negative ? -magnitude : magnitude;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A signed scaled integer as grouped text with `scale` decimals; a zero result has no minus sign. */
function scaledToText(scaled: bigint, scale: number, grouped: boolean): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  const body = (grouped ? groupThousands(int) : int) + (scale > 0 ? `.${frac}` : '');
  return negative ? `-${body}` : body;
}

/** `1234567.891` → `1,234,567.89`: thousands separators and a fixed number of decimals (0–20). */
export function formatNumber(value: NumericInput, decimals: number = 2): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`decimals must be an integer from 0 to 20, got ${decimals}`);
  }
  const decimal = toDecimal(value);
  if (!decimal) return EMPTY_TEXT;
  return scaledToText(toScaled(decimal, decimals), decimals, true);
}

// ---------------------------------------------------------------------------------------------
// Money in fen
// ---------------------------------------------------------------------------------------------

/** An integer amount of fen, or null: numbers must be safe integers, strings plain integer text. */
function toFen(value: NumericInput): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : null;
  if (typeof value === 'string') {
    const text = value.trim();
    return /^[+-]?\d+$/.test(text) ? BigInt(text) : null;
  }
  return null;
}

/** `123456` fen → `'1234.56'` (no grouping); null unless the input is a whole number of fen. */
export function fenToYuanString(fen: NumericInput): string | null {
  const amount = toFen(fen);
  return amount === null ? null : scaledToText(amount, 2, false);
}

/** `123456` fen → `1234.56` as a number, for inputs that need one; null unless whole fen. */
export function fenToYuan(fen: NumericInput): number | null {
  const text = fenToYuanString(fen);
  if (text === null) return null;
  const yuan = Number(text);
  return yuan === 0 ? 0 : yuan;
}

/** `123456` fen → `¥1,234.56`; negative amounts as `-¥1,234.56`; '-' unless whole fen. */
export function formatMoney(fen: NumericInput): string {
  const amount = toFen(fen);
  if (amount === null) return EMPTY_TEXT;
  const negative = amount < 0n;
  const text = scaledToText(negative ? -amount : amount, 2, true);
  return `${negative ? '-' : ''}¥${text}`;
}

const YUAN_TEXT = /^([+-])?[¥￥]?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

/**
 * Yuan as typed (`'¥1,234.56'`, `'.5'`, `'100.'`) or as a number → integer fen, exactly (4.35 → 435,
 * where 4.35 * 100 is 434.99999999999994). Null for anything that is not a plain amount, for more
 * precision than a fen, and beyond Number.MAX_SAFE_INTEGER fen.
 */
export function parseYuanToFen(value: string | number | null | undefined): number | null {
  let decimal: Decimal | null = null;
  if (typeof value === 'number') {
    decimal = Number.isFinite(value) ? parseDecimalText(String(value), true) : null;
  } else if (typeof value === 'string') {
    const match = YUAN_TEXT.exec(value.trim());
    if (match) {
      const [, sign, int = '', frac = ''] = match;
      if (int !== '' || frac !== '') decimal = { negative: sign === '-', int: int.replace(/,/g, '') || '0', frac };
    }
  }
  if (!decimal) return null;
  // Digits past the fen must all be zero ('1.500' is fine, '1.234' is not).
  if (/[1-9]/.test(decimal.frac.slice(2))) return null;
  const fen = toScaled({ ...decimal, frac: decimal.frac.slice(0, 2) }, 2);
  const magnitude = fen < 0n ? -fen : fen;
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const result = Number(fen);
  return result === 0 ? 0 : result;
}

// ---------------------------------------------------------------------------------------------
// Chinese capital amounts (大写金额)
// ---------------------------------------------------------------------------------------------

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SECTION_UNITS = ['仟', '佰', '拾', ''];

/** 0 < n < 10000: '壹仟零伍'. Inner runs of zeros read as one 零; trailing zeros are silent. */
function sectionText(n: bigint): string {
  const digits = n.toString().padStart(4, '0');
  let text = '';
  let pendingZero = false;
  for (let i = 0; i < 4; i++) {
    const d = Number(digits[i]);
    if (d === 0) {
      if (text !== '') pendingZero = true;
      continue;
    }
    if (pendingZero) text += '零';
    pendingZero = false;
    text += DIGITS[d] + SECTION_UNITS[i];
  }
  return text;
}

/** n > 0 below 10^8: up to two sections joined by 万, with 零 when the lower one has a gap. */
function belowYiText(n: bigint): string {
  const high = n / 10000n;
  const low = n % 10000n;
  if (high === 0n) return sectionText(low);
  let text = `${sectionText(high)}万`;
  if (low > 0n) text += (low < 1000n ? '零' : '') + sectionText(low);
  return text;
}

/** n > 0: groups of 亿 (so 10^12 reads 壹万亿 and 1.0001 × 10^12 reads 壹万零壹亿). */
function integerText(n: bigint): string {
  if (n < 100000000n) return belowYiText(n);
  const high = n / 100000000n;
  const low = n % 100000000n;
  let text = `${integerText(high)}亿`;
  if (low > 0n) text += (low < 10000000n ? '零' : '') + belowYiText(low);
  return text;
}

function fenToChinese(fen: bigint): string {
  if (fen === 0n) return '零元整';
  const negative = fen < 0n;
  const magnitude = negative ? -fen : fen;
  const yuan = magnitude / 100n;
  const jiao = Number((magnitude / 10n) % 10n);
  const cents = Number(magnitude % 10n);
  let text = yuan > 0n ? `${integerText(yuan)}元` : '';
  if (jiao === 0 && cents === 0) {
    text += '整';
  } else {
    if (jiao > 0) text += `${DIGITS[jiao]}角`;
    else if (yuan > 0n) text += '零';
    if (cents > 0) text += `${DIGITS[cents]}分`;
  }
  return (negative ? '负' : '') + text;
}

/** Yuan → 大写 (`1234.56` → 壹仟贰佰叁拾肆元伍角陆分), rounded half up to the fen; '' when unreadable. */
export function toChineseMoney(amount: number | string | null | undefined): string {
  const decimal = toDecimal(amount);
  return decimal ? fenToChinese(toScaled(decimal, 2)) : '';
}

/** Integer fen → 大写; '' unless the input is a whole number of fen. */
export function toChineseMoneyFromFen(fen: NumericInput): string {
  const amount = toFen(fen);
  return amount === null ? '' : fenToChinese(amount);
}

// ---------------------------------------------------------------------------------------------
// Countdown (ticks every second, hh:mm:ss)
// ---------------------------------------------------------------------------------------------

/** Seconds left → `hh:mm:ss` (hours may exceed 99); run out or invalid shows 00:00:00. */
export function formatCountdown(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}

/**
 * How long to wait before trying again (an HTTP 429's Retry-After, in seconds) in a person's words, to
 * follow 「访问太过频繁，请稍后再试!」: 「（约 30 秒后可再试）」, 「（约 5 分钟后可再试）」; nothing when unknown.
 */
export function retryHint(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return '';
  const whole = Math.ceil(seconds);
  if (whole < 90) return `（约 ${whole} 秒后可再试）`;
  if (whole < 90 * 60) return `（约 ${Math.round(whole / 60)} 分钟后可再试）`;
  return `（约 ${Math.round(whole / 3600)} 小时后可再试）`;
}
