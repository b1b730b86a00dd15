import { call } from '../../api/call';
import { eduProject, eduReport, type EduProjectShowcase, type ReportCheckResult } from '@domain/edu/eduPublic.contracts';

/** The education entry's public lookups by 报名编号 (no sign-in; rate-limited per address on the server). */
export function fetchShowcase(no: string): Promise<EduProjectShowcase> {
  return call(eduProject, { no }, { refusalShownByPage: true });
}

/** The review status of the entrant's own work: its number and the mobile of the account that entered it. */
export function checkReport(no: string, mobile: string): Promise<ReportCheckResult> {
  return call(eduReport, { no, mobile }, { refusalShownByPage: true });
}

/** What a person reads under each review status (the tag shows the status itself). */
export const REVIEW_NOTES: Readonly<Record<number, string>> = {
  1: '作品已提交，正在等待初审。',
  2: '作品已通过初审。',
  3: '很遗憾，作品未通过初审。',
  4: '恭喜，作品获奖！',
};
