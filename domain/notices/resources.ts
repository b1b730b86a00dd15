/**
 * 通知公告: notices an organiser's staff write and publish. A published notice reaches its audience — all
 * staff of the organiser, the staff holding one role, or the attendees (参会人员) of one activity — and
 * leaves it again when withdrawn. Staff audiences read it in the header bell and 我的通知 (a delivered row
 * of table `notices` points back here); attendees, who have no accounts, on the public page
 * /pre/notices?code=<personal code>.
 */
import { requiredRule } from '@domain/core/validators';
import type { NotifyPrefs } from '@domain/account/profile.contracts';
import type { Option, ResourceDef, StateOption } from '@domain/resource/types';

/**
 * What a notice is about: the three kinds of 个人设置 → 新消息通知, keyed exactly like the preferences, so
 * a user who switched a kind off no longer finds its notices in the bell.
 */
export type NoticeCategoryKey = keyof NotifyPrefs;

export const NOTICE_CATEGORIES: ReadonlyArray<Option & { key: NoticeCategoryKey }> = [
  { value: 1, key: 'system', label: '系统通知' },
  { value: 2, key: 'activity', label: '活动提醒' },
  { value: 3, key: 'finance', label: '财务提醒' },
];

/** The category of a notice that says nothing else (every notice from before categories existed): 系统通知. */
export const NOTICE_CATEGORY_DEFAULT = 1;

export function noticeCategoryValue(key: NoticeCategoryKey): number {
  return NOTICE_CATEGORIES.find((c) => c.key === key)!.value;
}

/** The categories a user's preferences keep out of their bell. */
export function mutedCategories(prefs: NotifyPrefs): number[] {
  return NOTICE_CATEGORIES.filter((c) => !prefs[c.key]).map((c) => c.value);
}

export const NOTICE_AUDIENCE_KINDS: readonly Option[] = [
  { value: 1, key: 'staff', label: '全体员工' },
  { value: 2, key: 'role', label: '指定角色' },
  { value: 3, key: 'attendees', label: '活动参会人员' },
];

export const NOTICE_STATES: readonly StateOption[] = [
  { value: 0, key: 'draft', label: '草稿', color: 'default' },
  { value: 1, key: 'published', label: '已发布', color: 'green' },
  { value: 2, key: 'withdrawn', label: '已撤回', color: 'orange' },
];

export const MSG_NOTICE_ROLE_REQUIRED = '请选择接收角色';
export const MSG_NOTICE_ACTIVITY_REQUIRED = '请选择接收通知的活动';

/**
 * Roles are rows of table `roles`, which has no resource definition yet: `roleId` is a plain whole
 * number here (checked against `roles` by the server's hook), and the list page turns it into a choice
 * of the roles noticeRoles (domain/notices/notices.contracts.ts) serves as options ({ value: id, label:
 * name }), so the form picks a role by name and the list shows it by name.
 */

export const notice: ResourceDef<'notice'> = {
  key: 'notice',
  title: '通知公告',
  // The menu code, group, order and icon of the former static leaf: existing grants keep applying.
  menuCode: 'notice_notice',
  menu: { group: 'meeting', icon: 'NotificationOutlined', order: 8 },
  api: '/notice/notice',
  table: 'notice_notices',
  // Staff notices go to the organiser's staff, whatever project they work on.
  scope: 'organiser',
  display: 'title',
  defaultSort: { sort: 'updatedAt', order: 'desc' },
  actions: ['add', 'edit', 'remove'],
  fields: [
    { name: 'title', label: '标题', type: 'text', required: true, max: 100, list: true, width: 260, filter: 'like', span: 24 },
    { name: 'category', label: '通知类别', type: 'enum', required: true, options: NOTICE_CATEGORIES, list: true, width: 100, filter: 'eq', defaultValue: 1 },
    { name: 'audience', label: '接收对象', type: 'enum', required: true, options: NOTICE_AUDIENCE_KINDS, list: true, width: 120, filter: 'eq', defaultValue: 1 },
    {
      name: 'roleId',
      label: '接收角色',
      type: 'int',
      min: 1,
      list: true,
      width: 120,
      rulesWhen: [{ field: 'audience', in: ['role'], rules: [requiredRule(MSG_NOTICE_ROLE_REQUIRED)] }],
      help: '接收对象为「指定角色」时必填：本单位拥有该角色的员工会收到',
    },
    {
      name: 'activityId',
      label: '接收活动',
      type: 'ref',
      ref: 'activity',
      list: true,
      width: 200,
      rulesWhen: [{ field: 'audience', in: ['attendees'], rules: [requiredRule(MSG_NOTICE_ACTIVITY_REQUIRED)] }],
      help: '接收对象为「活动参会人员」时必填：参会人员凭个人二维码链接查看',
    },
    /**
     * 发送渠道 of a notice to 活动参会人员: it is always on their personal page (站内); these send it too,
     * to every attendee who gave that address and has not unsubscribed (docs/messaging.md).
     */
    { name: 'sendEmail', label: '同时发送邮件', type: 'boolean', defaultValue: false, list: true, width: 110, help: '接收对象为「活动参会人员」时有效：发布时给留了邮箱的参会人员发邮件（站内个人页面始终可见）' },
    { name: 'sendSms', label: '同时发送短信', type: 'boolean', defaultValue: false, list: true, width: 110, help: '接收对象为「活动参会人员」时有效：发布时给参会人员的手机发短信' },
    { name: 'content', label: '内容', type: 'textarea', required: true, max: 2000, span: 24 },
    { name: 'publishedAt', label: '发布时间', type: 'datetime', readonly: true, list: true, width: 150, sortable: true },
  ],
  machines: [
    {
      field: 'status',
      label: '发布状态',
      action: 'publish',
      initial: 'draft',
      states: NOTICE_STATES,
      transitions: [
        // A publication to an activity's attendees queues its emails and SMS at once (each publication
        // anew), and a withdrawal cannot recall them: the confirmation says so before a click sends them.
        { from: ['draft'], to: 'published', label: '发布', notifies: true, confirm: '发布后接收对象即可查看。接收对象为「活动参会人员」并选了同时发送邮件或短信的，会立即发给该活动的参会人员。' },
        { from: ['published'], to: 'withdrawn', label: '撤回', danger: true, confirm: '撤回后接收对象不再看到这条通知；已发出的邮件和短信无法收回。' },
        { from: ['withdrawn'], to: 'published', label: '重新发布', notifies: true, confirm: '重新发布后接收对象即可再次查看。接收对象为「活动参会人员」并选了同时发送邮件或短信的，会再次发给该活动的参会人员。' },
      ],
    },
  ],
  lockedWhen: { field: 'status', in: ['published'], msg: '已发布的通知不能修改或删除，请先撤回' },
};

/** One published notice on the attendees' public page. */
export interface AttendeeNotice {
  id: number;
  title: string;
  content: string;
  /** China time, yyyy-MM-dd HH:mm:ss. */
  publishedAt: string | null;
}

/** GET /admin/api/attendee/notices?code=: the activity a personal code belongs to and its attendee notices. */
export interface AttendeeNotices {
  activityName: string;
  notices: AttendeeNotice[];
}
