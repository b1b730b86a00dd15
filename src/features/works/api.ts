import type { StatusOption } from '../../components/StatusTag';

/** The signed-in competition user's own entries. */
export const WORKS_PAGE_URL = '/jsxm/works/page';

export interface WorkRow {
  id: number;
  title: string;
  teamName: string | null;
  school: string | null;
  category: string | null;
  reportNo: string;
  status: number;
  /** China time, null while still a draft. */
  submittedAt: string | null;
}

export const WORK_STATUS: readonly StatusOption[] = [
  { value: 0, label: '草稿', color: 'default' },
  { value: 1, label: '已提交', color: 'blue' },
  { value: 2, label: '初审通过', color: 'green' },
  { value: 3, label: '未通过', color: 'red' },
  { value: 4, label: '获奖', color: 'gold' },
];
