import { get } from '@/api/request';
import type { MeetingOverview } from '@domain/wire';

/** GET /admin/meeting/overview (server/routes/meeting/overview.ts). */
export const OVERVIEW_URL = '/meeting/overview';

/** One activity's figures; without an id the server picks the current (or busiest) one; null = no activity to see. */
export function loadOverview(activityId: number | null): Promise<MeetingOverview | null> {
  return get<MeetingOverview | null>(OVERVIEW_URL, { activityId: activityId ?? undefined });
}
