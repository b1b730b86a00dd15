/**
 * 项目管理 and 活动管理: the scope dimensions themselves. A project (the spec's "cnf": an exhibition or a
 * conference) belongs to the organiser; an activity (a forum, an award ceremony, the exhibition days)
 * belongs to a project. Both narrow every list below them; both are narrowed by their own id (the
 * projects authorised to the user, the activities they switched to).
 */
import { urlRule } from '@domain/core/validators';
import type { Option, ResourceDef, StateOption } from '@domain/resource/types';
import { PERSON_KINDS } from '@domain/meeting/resources';

export const PROJECT_STATES: readonly StateOption[] = [
  { value: 0, key: 'preparing', label: '筹备中', color: 'default' },
  { value: 1, key: 'running', label: '进行中', color: 'green' },
  { value: 2, key: 'ended', label: '已结束', color: 'default' },
];

export const project: ResourceDef<'project'> = {
  key: 'project',
  title: '项目',
  menuCode: 'cnf_project',
  menu: { group: 'cnf', name: '项目列表', icon: 'AppstoreOutlined', order: 1, actions: [['status', '变更状态']] },
  api: '/cnf/project',
  table: 'projects',
  scope: 'organiser',
  dimension: 'project',
  display: 'name',
  defaultSort: { sort: 'srq', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  fields: [
    { name: 'name', label: '项目名称', type: 'text', required: true, max: 100, list: true, width: 280, sortable: true, filter: 'like', span: 24 },
    { name: 'code', label: '项目编号', type: 'text', required: true, max: 32, list: true, width: 120, sortable: true, filter: 'like', unique: true, placeholder: '如：ZHCS2026' },
    { name: 'srq', label: '开始日期', type: 'date', required: true, list: true, width: 120, sortable: true, filter: 'range' },
    { name: 'erq', label: '结束日期', type: 'date', required: true, list: true, width: 120, sortable: true },
    { name: 'address', label: '举办地点', type: 'text', max: 255, list: true, width: 300, span: 24 },
    { name: 'logo', label: 'Logo 地址', type: 'text', max: 500, rules: [urlRule], span: 24, placeholder: 'https://…' },
  ],
  machines: [
    {
      field: 'status',
      label: '状态',
      initial: 'preparing',
      states: PROJECT_STATES,
      transitions: [
        { from: ['preparing'], to: 'running', label: '开始' },
        { from: ['running'], to: 'ended', label: '结束', danger: true },
        { from: ['running', 'ended'], to: 'preparing', label: '退回筹备' },
      ],
    },
  ],
};

export const ACTIVITY_STATES: readonly StateOption[] = [
  { value: 0, key: 'preparing', label: '筹备中', color: 'default' },
  { value: 1, key: 'registering', label: '报名中', color: 'blue' },
  { value: 2, key: 'running', label: '进行中', color: 'green' },
  { value: 3, key: 'ended', label: '已结束', color: 'default' },
  { value: 4, key: 'cancelled', label: '已取消', color: 'red' },
];

/**
 * 活动日期外扫码: what a gate does with a scan on a day outside the activity's dates (domain/meeting/gateVerdict.ts):
 * lets the person through with a warning the desk shows, or refuses them. Empty (an activity saved before) is 提醒.
 */
export const OFF_DAY_SCANS: readonly Option[] = [
  { value: 1, key: 'warn', label: '提醒' },
  { value: 2, key: 'refuse', label: '拒绝' },
];

/** 胸卡尺寸: the paper a badge is printed on (mm). */
export const BADGE_SIZES: readonly Option[] = [
  { value: 1, key: 'a4x8', label: 'A4 每页 8 张（95×68 mm）' },
  { value: 2, key: 'a4x4', label: 'A4 每页 4 张（95×138 mm）' },
  { value: 3, key: 'card', label: '卡片 86×54 mm' },
  { value: 4, key: 'lanyard', label: '挂绳卡 100×140 mm' },
];

export const activity: ResourceDef<'activity'> = {
  key: 'activity',
  title: '活动',
  menuCode: 'yx_sysActivity',
  menu: { group: 'yx', name: '活动列表', icon: 'UnorderedListOutlined', order: 1, actions: [['status', '变更状态']] },
  api: '/yx/sysActivity',
  table: 'activities',
  scope: 'project',
  dimension: 'activity',
  display: 'name',
  defaultSort: { sort: 'srq', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  fields: [
    { name: 'name', label: '活动名称', type: 'text', required: true, max: 100, list: true, width: 260, sortable: true, filter: 'like', span: 24 },
    { name: 'srq', label: '开始日期', type: 'date', required: true, list: true, width: 120, sortable: true, filter: 'range' },
    { name: 'erq', label: '结束日期', type: 'date', required: true, list: true, width: 120, sortable: true },
    { name: 'openTime', label: '每日开始时间', type: 'time', list: true, width: 120, defaultValue: '09:00' },
    { name: 'closeTime', label: '每日结束时间', type: 'time', list: true, width: 120, defaultValue: '17:00' },
    { name: 'address', label: '活动地点', type: 'text', max: 255, list: true, width: 280, span: 24 },
    { name: 'logo', label: 'Logo 地址', type: 'text', max: 500, rules: [urlRule], span: 24, placeholder: 'https://…' },
    // 参会人员 settings: whether attendees must give a certificate, and the category an import or a form leaves blank.
    { name: 'requireId', label: '要求证件', type: 'boolean', defaultValue: false },
    { name: 'defaultKind', label: '默认人员类别', type: 'enum', options: PERSON_KINDS, defaultValue: 1 },
    // 扫码预登记: the public form asks for an SMS code proving the mobile is the visitor's own; only then may its
    // answer show the personal QR code (server/modules/meeting/preRegistration.service.ts).
    { name: 'smsVerify', label: '需要短信验证手机号', type: 'boolean', defaultValue: false },
    { name: 'offDayScan', label: '活动日期外扫码', type: 'enum', options: OFF_DAY_SCANS, defaultValue: 1 },
    // 胸卡模板: how this activity's badges print (src/features/meeting/persons/BadgePrint.tsx). A show-field left
    // empty (an activity saved before these existed) counts as shown.
    { name: 'badgeSize', label: '胸卡尺寸', type: 'enum', options: BADGE_SIZES, defaultValue: 1 },
    { name: 'badgeCompany', label: '胸卡显示单位', type: 'boolean', defaultValue: true },
    { name: 'badgeJobTitle', label: '胸卡显示职务', type: 'boolean', defaultValue: true },
    { name: 'badgeSeat', label: '胸卡显示座位', type: 'boolean', defaultValue: true },
    { name: 'badgeQr', label: '胸卡显示二维码', type: 'boolean', defaultValue: true },
    { name: 'badgeKindBand', label: '胸卡按人员类别着色', type: 'boolean', defaultValue: true },
  ],
  machines: [
    {
      field: 'status',
      label: '状态',
      initial: 'preparing',
      states: ACTIVITY_STATES,
      transitions: [
        { from: ['preparing'], to: 'registering', label: '开放报名' },
        { from: ['preparing', 'registering'], to: 'running', label: '开始' },
        { from: ['running'], to: 'ended', label: '结束' },
        { from: ['preparing', 'registering'], to: 'cancelled', label: '取消活动', danger: true, remark: true },
        { from: ['cancelled', 'ended'], to: 'preparing', label: '恢复筹备' },
      ],
    },
  ],
};
