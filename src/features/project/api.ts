import type { StatusOption } from '../../components/StatusTag';

/** Projects (exhibitions, conferences) authorised to the user. */
export const PROJECT_PAGE_URL = '/cnf/project/page';

export interface ProjectRow {
  id: number;
  cnfid: number;
  cnfmc: string;
  code: string;
  logo: string | null;
  srq: string | null;
  erq: string | null;
  address: string | null;
  status: number;
  activityCount: number;
}

export const PROJECT_STATUS: readonly StatusOption[] = [
  { value: 0, label: '筹备中', color: 'default' },
  { value: 1, label: '进行中', color: 'green' },
  { value: 2, label: '已结束', color: 'gray' },
];
