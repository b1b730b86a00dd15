import { activity } from '@domain/projects/resources';
import { stateValue } from '@domain/resource/framework';

/**
 * Whether an activity takes 扫码预登记 today, and if not why, in the words of staff (the QR cards of
 * 我的项目 / 我的活动) and of visitors (the public page of a closed activity). The rule itself — state
 * 报名中 or 进行中 and the last day not passed; the project's state plays no part
 * (docs/decisions/0017-registration-by-activity-alone.md) — is the server's openWhere
 * (server/modules/meeting/preRegistration.service.ts); this is its reading of one row.
 */

const REGISTERING = stateValue(activity, 'status', 'registering');
const RUNNING = stateValue(activity, 'status', 'running');
const ENDED = stateValue(activity, 'status', 'ended');
const CANCELLED = stateValue(activity, 'status', 'cancelled');

export type RegistrationState = 'open' | 'preparing' | 'ended' | 'cancelled' | 'past';
export const REGISTRATION_STATES = ['open', 'preparing', 'ended', 'cancelled', 'past'] as const;

/** The activity's registration on `today` (YYYY-MM-DD, China day). */
export function registrationState(status: number, erq: string, today: string): RegistrationState {
  if (erq < today) return 'past';
  if (status === REGISTERING || status === RUNNING) return 'open';
  if (status === ENDED) return 'ended';
  if (status === CANCELLED) return 'cancelled';
  return 'preparing';
}

/** Whether one click (开放报名) can open it: its dates still ahead, only its state in the way. */
export const openableState = (state: RegistrationState) => state === 'preparing' || state === 'ended' || state === 'cancelled';

/** For staff, on the QR card. */
export function registrationStaffText(state: RegistrationState, erq: string): string {
  switch (state) {
    case 'open':
      return `开放报名中，扫码可登记（至 ${erq}）`;
    case 'preparing':
      return '扫码打不开登记表：活动未开放报名（筹备中）';
    case 'ended':
      return '扫码打不开登记表：活动状态为已结束';
    case 'cancelled':
      return '扫码打不开登记表：活动已取消';
    case 'past':
      return `扫码打不开登记表：已截止（活动已于 ${erq} 结束）`;
  }
}
