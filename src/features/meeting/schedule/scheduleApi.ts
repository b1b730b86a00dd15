import { get } from '@/api/request';
import { resourceUrls, type ResourceRow } from '@/components/resource/resourceApi';
import { ACTIVITY_FIELD } from '@domain/resource/framework';
import { schedule } from '@domain/meeting/resources';
import { activity } from '@domain/projects/resources';
import type { PageResult } from '@domain/core/envelope';

/**
 * What the timeline reads: every session of one activity through the schedule's own page route (the
 * server scopes it to the caller's organiser, projects and activities), and that activity's dates.
 */
export interface SessionRow extends ResourceRow {
  title: string;
  day: string;
  hallId: number;
  hallName?: string | null;
  startTime: string;
  endTime: string;
  host: string | null;
  speakerIds: number[] | null;
  speakerNames?: Array<string | null> | null;
  capacity: number | null;
  activityId: number;
  cnfId: number;
  activityName?: string | null;
  projectName?: string | null;
}

/** The page route's largest page (server/lib/paging.ts MAX_PAGE_SIZE). */
const PAGE_SIZE = 100;
/** A timeline of more sessions than this is not a timeline any more; the list view shows them all. */
export const MAX_SESSIONS = 2000;

export interface ActivitySessions {
  sessions: SessionRow[];
  /** More sessions exist than were loaded (MAX_SESSIONS). */
  truncated: boolean;
}

/** All sessions of an activity, page after page, in day and start order. */
export async function loadSessions(activityId: number): Promise<ActivitySessions> {
  const sessions: SessionRow[] = [];
  for (let page = 1; ; page++) {
    const result = await get<PageResult<SessionRow>>(resourceUrls(schedule).page, {
      [ACTIVITY_FIELD]: activityId,
      limit: PAGE_SIZE,
      page,
      sort: 'day',
      order: 'asc',
    });
    const records = result?.records ?? [];
    sessions.push(...records);
    const total = result?.total ?? 0;
    if (records.length < PAGE_SIZE || sessions.length >= total) return { sessions, truncated: false };
    if (sessions.length >= MAX_SESSIONS) return { sessions, truncated: true };
  }
}

/**
 * The activity whose sessions come next (from `today` on), else the one of the latest session: what a
 * person opening 日程 most likely wants among the many activities of their scope. Null without sessions.
 */
export async function nearestActivityId(today: string): Promise<number | null> {
  const first = async (params: Record<string, string | number>) =>
    (await get<PageResult<SessionRow>>(resourceUrls(schedule).page, { limit: 1, page: 1, sort: 'day', ...params }))?.records?.[0]?.activityId ?? null;
  return (await first({ dayBegin: today, order: 'asc' })) ?? (await first({ order: 'desc' }));
}

export interface ActivityDates {
  srq: string | null;
  erq: string | null;
}

/** The activity's first and last day (活动列表's info route: only for those who may read 活动列表). */
export async function loadActivityDates(activityId: number): Promise<ActivityDates> {
  const row = await get<ResourceRow>(resourceUrls(activity).info, { id: activityId });
  return { srq: typeof row?.srq === 'string' ? row.srq : null, erq: typeof row?.erq === 'string' ? row.erq : null };
}
