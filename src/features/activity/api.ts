import type { StatusOption } from '../../components/StatusTag';

/** Activities of the user's organiser (within their authorised projects). Rows: wire.ts ActivityRow. */
export const ACTIVITY_PAGE_URL = '/yx/sysActivity/page';

/** Activity states as the server stores them. */
export const ACTIVITY_STATUS: readonly StatusOption[] = [
  { value: 0, label: '筹备中', color: 'default' },
  { value: 1, label: '报名中', color: 'blue' },
  { value: 2, label: '进行中', color: 'green' },
  { value: 3, label: '已结束', color: 'gray' },
  { value: 4, label: '已取消', color: 'red' },
];
