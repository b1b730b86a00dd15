import { WORK_PUBLIC_STATUSES } from '@domain/works/works.contracts';
import { BASENAME } from '../../config/constants';

/** The public showcase (/htxx/showEduProject) only exists for works that passed the first review or won. */
export function isPublicWork(status: number): boolean {
  return WORK_PUBLIC_STATUSES.includes(status);
}

/** Full address of a work's showcase page, for the team to share outside the app. */
export function showcaseUrl(reportNo: string, origin: string = window.location.origin): string {
  return `${origin}${BASENAME}/htxx/showEduProject?no=${encodeURIComponent(reportNo)}`;
}
