import { validate, type FieldRules } from '@domain/core/validators';
import { refuse } from '../lib/errors';
import { MSG } from '../messages';

/**
 * The calls of the user's own workspace name the user they act on (userId, or the profile form's id).
 * That may only ever be the caller: anyone else is refused before anything is read or changed.
 * An absent id (a GET that did not send one) means the caller.
 */
export function ownOnly(callerId: number, named: number | undefined): void {
  if (named !== undefined && named !== callerId) throw refuse(MSG.onlySelf);
}

/**
 * Runs the shared form rules of domain/core/validators.ts (the very rules the browser shows) on a request
 * body. A failure is a business refusal, HTTP 200 code 1, with every failing field in data.errors, and
 * the first field's own message as msg, since that is what the browser puts in its toast.
 */
export function checkFields(fields: FieldRules, values: unknown): void {
  const errors = validate(fields, values);
  if (errors.length) throw refuse(errors[0].msg, { errors });
}

/**
 * "1,2,3" → [1, 2, 3] (trimmed, de-duplicated, blanks skipped); null when any piece is not an id,
 * which callers treat the same as an id the caller may not touch.
 */
export function parseIdList(text: string | undefined): number[] | null {
  const ids = new Set<number>();
  for (const piece of (text ?? '').split(',')) {
    const trimmed = piece.trim();
    if (!trimmed) continue;
    if (!/^[1-9]\d{0,9}$/.test(trimmed)) return null;
    const id = Number(trimmed);
    if (id > 2_147_483_647) return null;
    ids.add(id);
  }
  return [...ids];
}
