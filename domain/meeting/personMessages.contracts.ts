import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Int } from '../core/schemas';
import { BULK_IDS_MAX } from './personBulk.contracts';

/**
 * 补发二维码: the attendees' QR code (their personal link, the image and the calendar file) queued again
 * to their email and mobile, for the ticked rows of 参会人员 or one card of the check-in desk. 已取消
 * and 未通过 registrations, and attendees with neither email nor mobile, are counted, not sent to.
 */
export const PersonResendResult = Type.Object({
  /** Attendees something was queued for. */
  queued: Int,
  /** Attendees left out because each of their addresses was sent the code within the last few minutes. */
  recent: Int,
  /** Attendees left out (已取消 / 未通过, or no email and no mobile). */
  skipped: Int,
});
export type PersonResendResult = Static<typeof PersonResendResult>;

export const personResend = endpoint({
  method: 'POST',
  path: '/person/person/resend',
  authority: 'MENU_person_person',
  body: Type.Object(
    { ids: Type.String({ pattern: `^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${BULK_IDS_MAX - 1}}$` }) },
    { additionalProperties: false },
  ),
  response: PersonResendResult,
});
