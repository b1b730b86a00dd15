import { pinyin } from 'pinyin-pro';

/**
 * The words 签到台 finds an attendee by, as kept in `search_key` (server/modules/meeting/personSearch.repository.ts
 * says how they are searched). Pure, so the attendee hooks and pre-registration write the key with the
 * row without importing the search.
 */

export const HAN = /\p{Script=Han}/u;
export const WORD_CHAR = /[\p{L}\p{N}]/u;

/** NFKC folds full-width letters and digits (Ａ１) to their plain forms; lower case for the key. */
export const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** One character's pinyin without tone (ü as v), cached: a name's characters repeat across thousands of rows. */
const readings = new Map<string, string>();
function readingOf(char: string, surname: boolean): string {
  const key = surname ? `^${char}` : char;
  let reading = readings.get(key);
  if (reading === undefined) {
    // As a surname 曾 is zeng, 单 shan, 解 xie — pinyin-pro's surname mode knows them.
    reading = pinyin(char, { toneType: 'none', v: true, surname: surname ? 'head' : 'off' })
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    readings.set(key, reading);
  }
  return reading;
}

/** The characters of `text` two at a time, the last one alone (Latin and spaces left out). */
export function pairsOf(text: string): string[] {
  const chars = Array.from(fold(text)).filter((c) => HAN.test(c) || (WORD_CHAR.test(c) && !/[a-z0-9]/.test(c)));
  return chars.map((c, i) => c + (chars[i + 1] ?? ''));
}

const latinWords = (text: string) => fold(text).match(/[a-z0-9]+/g) ?? [];

/** The name's full pinyin and initials; Latin letters in it count as they are. */
export function pinyinOf(name: string): { full: string; initials: string } {
  const parts: string[] = [];
  let first = true;
  for (const char of Array.from(fold(name))) {
    if (HAN.test(char)) parts.push(readingOf(char, first));
    else if (/[a-z0-9]/.test(char)) parts.push(char);
    else continue;
    first = false;
  }
  const syllables = parts.filter(Boolean);
  return { full: syllables.join(''), initials: syllables.filter((s) => s.length > 1 || HAN.test(s) || /[a-z]/.test(s)).map((s) => s[0]).join('') };
}

export interface SearchSource {
  name?: unknown;
  company?: unknown;
  mobile?: unknown;
}

/** The `search_key` of an attendee: its words, each after a space, and a space at the end. */
export function personSearchKey(row: SearchSource): string {
  const name = typeof row.name === 'string' ? row.name : '';
  const company = typeof row.company === 'string' ? row.company : '';
  const mobile = typeof row.mobile === 'string' ? row.mobile.replace(/\D/g, '') : '';
  const { full, initials } = pinyinOf(name);
  const words = new Set<string>([full, initials, ...latinWords(name), ...pairsOf(name), ...pairsOf(company), ...latinWords(company)]);
  if (mobile) words.add(`m${Array.from(mobile).reverse().join('')}`);
  words.delete('');
  return ` ${[...words].join(' ')} `;
}
