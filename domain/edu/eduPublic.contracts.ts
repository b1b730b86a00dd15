import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Int, NullableText, Text } from '../core/schemas';

/**
 * The education entry's public pages: a team's project showcase and the report status lookup, both by
 * 报名编号, without an account (signed like every /admin call) and rate-limited per address on the server.
 * The showcase shows public works only; the review status of any work is the entrant's own business, so
 * its lookup also wants the mobile of the entrant's account (报名编号 are sequential).
 */

/** A public work as the showcase page shows it (no ids, no user data). */
export const EduProjectShowcase = Type.Object({
  reportNo: Text,
  title: Text,
  teamName: NullableText,
  school: NullableText,
  category: NullableText,
  status: Int,
  /** YYYY-MM-DD, China time. */
  submittedDate: NullableText,
});
export type EduProjectShowcase = Static<typeof EduProjectShowcase>;

/** The review status of a submitted report. */
export const ReportCheckResult = Type.Object({
  reportNo: Text,
  title: Text,
  status: Int,
  /** YYYY-MM-DD, China time. */
  submittedDate: NullableText,
  /** YYYY-MM-DD, China time: when the report last changed (its latest review step). */
  updatedDate: Text,
});
export type ReportCheckResult = Static<typeof ReportCheckResult>;

/** Transport bounds only; the number itself is checked with the forms' own rule (reportNoRules). */
const NumberQuery = Type.Object({ no: Type.String({ minLength: 1, maxLength: 32, title: '报名编号' }) }, { additionalProperties: false });

export const eduProject = endpoint({
  method: 'GET',
  path: '/api/edu/project',
  public: true,
  query: NumberQuery,
  response: EduProjectShowcase,
});

/** 报名编号 and the mobile of the entrant's account (its 手机号码, lxdh): both checked with the forms' own rules. */
const ReportQuery = Type.Object(
  {
    no: Type.String({ minLength: 1, maxLength: 32, title: '报名编号' }),
    mobile: Type.String({ maxLength: 20, title: '手机号码' }),
  },
  { additionalProperties: false },
);

export const eduReport = endpoint({
  method: 'GET',
  path: '/api/edu/report',
  public: true,
  query: ReportQuery,
  response: ReportCheckResult,
});
