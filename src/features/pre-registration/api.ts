import { call } from '../../api/call';
import type { RequestOf } from '@domain/core/contract';
import {
  preRegistrationInfo,
  preRegistrationMine,
  preRegistrationNotice,
  preRegistrationSubmit,
  type PreRegistrationInfo,
  type PreRegistrationNotice,
  type PreRegistrationReceipt,
  type PreRegistrationState,
} from '@domain/meeting/preRegistration.contracts';
import { attendeeItinerary, type AttendeeItinerary } from '@domain/meeting/attendeePage.contracts';

/**
 * 扫码预登记, signed out: what a QR code leads to, the registration itself, and the result page's
 * lookup by personal code. Refusals (closed activity, unknown code, field errors) are shown by the pages.
 */
export type RegistrationTarget = { project: number } | { activity: number };

export function fetchRegistrationInfo(target: RegistrationTarget): Promise<PreRegistrationInfo> {
  return call(preRegistrationInfo, target, { refusalShownByPage: true });
}

/** For a QR code that leads to no open activity: whose it is and whether registration has not begun or is over. */
export function fetchRegistrationNotice(target: RegistrationTarget): Promise<PreRegistrationNotice> {
  return call(preRegistrationNotice, target, { refusalShownByPage: true });
}

export type RegistrationForm = RequestOf<typeof preRegistrationSubmit>;

export function submitRegistration(form: RegistrationForm): Promise<PreRegistrationReceipt> {
  return call(preRegistrationSubmit, form, { refusalShownByPage: true });
}

export function fetchMyRegistration(code: string): Promise<PreRegistrationState> {
  return call(preRegistrationMine, { code }, { refusalShownByPage: true });
}

/** The app paths of the two pages and of the notices page src/features/attendee-notices serves. */
export const registerPath = (target: RegistrationTarget) =>
  'project' in target ? `/pre/register?project=${target.project}` : `/pre/register?activity=${target.activity}`;
export const resultPath = (code: string) => `/pre/mine?code=${encodeURIComponent(code)}`;
export const noticesPath = (code: string) => `/pre/notices?code=${encodeURIComponent(code)}`;

/** The attendee's own page: seats, agenda and shuttles of the holder of `code` (refused for a closed registration). */
export function fetchItinerary(code: string): Promise<AttendeeItinerary> {
  return call(attendeeItinerary, { code }, { refusalShownByPage: true });
}
