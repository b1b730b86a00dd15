import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Int, NullableText, Page, pageQuery, Text } from '../core/schemas';

/** Competition works: the education user's own entries (我的参赛作品). */

/** Competition work statuses (我的参赛作品, the education entry's public pages). */
export const WORK_STATUS_DRAFT = 0;
export const WORK_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: '草稿',
  1: '已提交',
  2: '初审通过',
  3: '未通过',
  4: '获奖',
};
/** Only works that passed the first review or won may be shown to the public. */
export const WORK_PUBLIC_STATUSES: readonly number[] = [2, 4];

export const WorkRow = Type.Object({
  id: Int,
  title: Text,
  teamName: NullableText,
  school: NullableText,
  category: NullableText,
  reportNo: Text,
  status: Int,
  /** 'YYYY-MM-DD HH:mm:ss' China time, null while still a draft. */
  submittedAt: NullableText,
});
export type WorkRow = Static<typeof WorkRow>;

/** Nobody lists anyone else's works here. */
export const myWorksPage = endpoint({
  method: 'GET',
  path: '/jsxm/works/page',
  authority: 'MENU_jsxm_works',
  query: pageQuery(['submittedAt', 'createdAt', 'title', 'reportNo'], {
    title: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  }),
  response: Page(WorkRow),
});
