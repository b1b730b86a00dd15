import { call } from '@/api/call';
import { meetingOverview, type MeetingOverview } from '@domain/meeting/overview.contracts';

/** 活动概览's one call (domain/meeting/overview.contracts.ts). */

/** One activity's figures; without an id the server picks the current (or busiest) one; null = no activity to see. */
export function loadOverview(activityId: number | null): Promise<MeetingOverview | null> {
  return call(meetingOverview, { activityId: activityId ?? undefined });
}
