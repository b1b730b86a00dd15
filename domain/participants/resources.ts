/**
 * Who takes part in a project: 团队 (competition teams of the national university-student exhibition
 * and creativity competition: a school's team, its leader, advisor and members) and 展商 (exhibitors
 * of an activity: a customer company at a booth).
 */
import { mobileRule } from '@domain/core/validators';
import type { Option, ResourceDef, StateOption } from '@domain/resource/types';

export const TEAM_CATEGORIES: readonly Option[] = [
  { value: 1, label: '展览展示设计' },
  { value: 2, label: '数字展陈与交互' },
  { value: 3, label: '会展策划' },
  { value: 4, label: '文创产品' },
];

export const TEAM_STATES: readonly StateOption[] = [
  { value: 0, key: 'pending', label: '待审核', color: 'orange' },
  { value: 1, key: 'approved', label: '已通过', color: 'green' },
  { value: 2, key: 'rejected', label: '未通过', color: 'red' },
];

export const MEMBER_ROLES: readonly Option[] = [
  { value: 1, label: '队员' },
  { value: 2, label: '副队长' },
];

export const GRADES: readonly Option[] = [
  { value: 1, label: '大一' },
  { value: 2, label: '大二' },
  { value: 3, label: '大三' },
  { value: 4, label: '大四' },
  { value: 5, label: '研究生' },
];

export const team: ResourceDef<'team'> = {
  key: 'team',
  title: '团队',
  menuCode: 'team_team',
  menu: { group: 'cnf', icon: 'TeamOutlined', order: 2, actions: [['status', '审核']] },
  api: '/team/team',
  table: 'team_teams',
  scope: 'project',
  display: 'name',
  defaultSort: { sort: 'createdAt', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  lockedWhen: { field: 'status', in: ['approved'], msg: '团队已审核通过，不能修改或删除' },
  fields: [
    { name: 'name', label: '团队名称', type: 'text', required: true, max: 50, list: true, width: 180, sortable: true, filter: 'like', unique: true },
    { name: 'school', label: '学校', type: 'text', required: true, max: 100, list: true, width: 200, filter: 'like' },
    { name: 'category', label: '参赛类别', type: 'enum', required: true, options: TEAM_CATEGORIES, list: true, width: 140, filter: 'eq', defaultValue: 1 },
    { name: 'leaderName', label: '队长', type: 'text', required: true, max: 30, list: true, width: 90 },
    { name: 'leaderMobile', label: '联系手机', type: 'text', required: true, max: 11, rules: [mobileRule], list: true, width: 130, filter: 'like' },
    { name: 'advisor', label: '指导老师', type: 'text', max: 30, list: true, width: 100 },
    { name: 'workTitle', label: '参赛作品', type: 'text', max: 100, list: true, width: 200 },
    { name: 'applyForm', label: '报名表', type: 'file', help: '盖章的报名表扫描件（pdf、jpg、png）', span: 24 },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  lines: {
    name: 'members',
    label: '团队成员',
    table: 'team_team_members',
    minLines: 1,
    maxLines: 10,
    fields: [
      { name: 'name', label: '姓名', type: 'text', required: true, max: 30 },
      { name: 'role', label: '角色', type: 'enum', required: true, options: MEMBER_ROLES, defaultValue: 1 },
      { name: 'major', label: '专业', type: 'text', max: 50 },
      { name: 'grade', label: '年级', type: 'enum', options: GRADES },
      { name: 'mobile', label: '手机号码', type: 'text', max: 11, rules: [mobileRule] },
    ],
  },
  machines: [
    {
      field: 'status',
      label: '审核状态',
      initial: 'pending',
      states: TEAM_STATES,
      transitions: [
        { from: ['pending'], to: 'approved', label: '审核通过' },
        { from: ['pending'], to: 'rejected', label: '不通过', danger: true, remark: true },
        { from: ['rejected', 'approved'], to: 'pending', label: '重新审核', danger: true },
      ],
    },
  ],
  indexes: [['createdAt']],
};

export const BOOTH_TYPES: readonly Option[] = [
  { value: 1, label: '标准展位' },
  { value: 2, label: '光地' },
  { value: 3, label: '特装展位' },
];

export const EXHIBITOR_STATES: readonly StateOption[] = [
  { value: 0, key: 'pending', label: '待确认', color: 'orange' },
  { value: 1, key: 'confirmed', label: '已确认', color: 'green' },
  { value: 2, key: 'cancelled', label: '已取消', color: 'default' },
];

export const exhibitor: ResourceDef<'exhibitor'> = {
  key: 'exhibitor',
  title: '展商',
  menuCode: 'exhibitor_exhibitor',
  menu: { group: 'cnf', icon: 'ShopOutlined', order: 3, actions: [['status', '确认参展']] },
  api: '/exhibitor/exhibitor',
  table: 'exhibitor_exhibitors',
  scope: 'activity',
  display: 'fasciaName',
  defaultSort: { sort: 'boothNo', order: 'asc' },
  actions: ['add', 'edit', 'remove', 'export'],
  fields: [
    { name: 'customerId', label: '参展企业', type: 'ref', ref: 'customer', required: true, refQuery: { status: 1 }, list: true, width: 220, filter: 'eq', span: 24 },
    { name: 'fasciaName', label: '楣板名称', type: 'text', required: true, max: 50, list: true, width: 200, filter: 'like' },
    { name: 'hall', label: '展馆', type: 'text', required: true, max: 20, list: true, width: 90, filter: 'eq', placeholder: '如：N1馆' },
    { name: 'boothNo', label: '展位号', type: 'text', required: true, max: 20, list: true, width: 100, sortable: true, filter: 'like', placeholder: '如：N1-A08' },
    { name: 'boothType', label: '展位类型', type: 'enum', required: true, options: BOOTH_TYPES, list: true, width: 100, filter: 'eq', defaultValue: 1 },
    { name: 'area', label: '面积（㎡）', type: 'int', required: true, min: 1, maxValue: 10_000, list: true, width: 100, sortable: true, defaultValue: 9 },
    { name: 'contactName', label: '现场联系人', type: 'text', required: true, max: 30, list: true, width: 110 },
    { name: 'contactMobile', label: '联系手机', type: 'text', required: true, max: 11, rules: [mobileRule], list: true, width: 130 },
    { name: 'moveInAt', label: '布展进场时间', type: 'datetime', list: true, width: 160, sortable: true },
    { name: 'firstTime', label: '首次参展', type: 'boolean', list: true, width: 100, filter: 'eq', defaultValue: false },
    { name: 'logo', label: '企业 Logo', type: 'image', help: 'jpg 或 png，不超过 5 MB' },
    { name: 'serviceIds', label: '已订服务', type: 'many', ref: 'goods', refFilter: { cnfId: 'cnfId' }, maxValue: 20, span: 24 },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  machines: [
    {
      field: 'status',
      label: '参展状态',
      initial: 'pending',
      states: EXHIBITOR_STATES,
      transitions: [
        { from: ['pending'], to: 'confirmed', label: '确认参展' },
        { from: ['pending', 'confirmed'], to: 'cancelled', label: '取消参展', danger: true, remark: true },
        { from: ['cancelled'], to: 'pending', label: '恢复' },
      ],
    },
  ],
  indexes: [['boothNo']],
};
