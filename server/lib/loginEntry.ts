import { KHLX_ORGANISER, YHLX_EDU, YHLX_ORDINARY } from '@domain/session/session.contracts';
import { MSG } from '../messages';

/** The login entry (yhlx) an account belongs to: staff (khlx 3) and the admin account use the ordinary one. */
export function entryOf(user: { username: string; khlx: number }): string {
  return user.khlx === KHLX_ORGANISER || user.username === 'admin' ? YHLX_ORDINARY : YHLX_EDU;
}

/** The refusal for signing in through the wrong entry, or null when the entry is right. */
export function wrongEntryMessage(user: { username: string; khlx: number }, yhlx: string): string | null {
  const own = entryOf(user);
  if (own === yhlx) return null;
  return own === YHLX_EDU ? MSG.useEduEntry : MSG.useOrganiserEntry;
}
