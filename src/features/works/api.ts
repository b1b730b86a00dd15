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

export { WORK_STATUS } from '../../components/WorkStatusTag';
