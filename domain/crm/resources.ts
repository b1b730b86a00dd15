/**
 * 客户管理: customers and their contacts. Customers belong to the organiser (one company exhibits at
 * several of its projects); everything sold to them (quotations, contracts…) belongs to a project.
 */
import { creditCodeRule, emailRule, landlineRule, mobileRule, phoneRule, urlRule } from '@domain/core/validators';
import { goodsLines } from '@domain/commerce/goodsLines';
import type { Option, ResourceDef, StateMachine, StateOption } from '@domain/resource/types';

export const CUSTOMER_TYPES: readonly Option[] = [
  { value: 1, label: '参展商' },
  { value: 2, label: '赞助商' },
  { value: 3, label: '采购商' },
  { value: 4, label: '合作媒体' },
  { value: 5, label: '服务商' },
];

export const CUSTOMER_LEVELS: readonly Option[] = [
  { value: 1, label: 'A 重点客户', color: 'red' },
  { value: 2, label: 'B 普通客户', color: 'blue' },
  { value: 3, label: 'C 潜在客户', color: 'default' },
];

export const INDUSTRIES: readonly Option[] = [
  { value: 1, label: '信息技术' },
  { value: 2, label: '智能制造' },
  { value: 3, label: '新能源汽车' },
  { value: 4, label: '医疗健康' },
  { value: 5, label: '建筑与城市服务' },
  { value: 6, label: '文化旅游' },
  { value: 7, label: '金融服务' },
  { value: 8, label: '其他' },
];

export const CUSTOMER_SOURCES: readonly Option[] = [
  { value: 1, label: '展会现场' },
  { value: 2, label: '老客户推荐' },
  { value: 3, label: '官网咨询' },
  { value: 4, label: '电话拓展' },
  { value: 5, label: '行业协会' },
];

export const ENABLED_STATES: readonly StateOption[] = [
  { value: 1, key: 'enabled', label: '正常', color: 'green' },
  { value: 0, key: 'disabled', label: '停用', color: 'default' },
];

export const YES_NO: readonly Option[] = [
  { value: 1, label: '是' },
  { value: 0, label: '否' },
];

export const GENDERS: readonly Option[] = [
  { value: 1, label: '男' },
  { value: 2, label: '女' },
];

/** 启用 / 停用, shared by resources that can be switched off without being deleted. */
export const enabledMachine: StateMachine = {
  field: 'status',
  label: '状态',
  initial: 'enabled',
  states: ENABLED_STATES,
  transitions: [
    { from: ['enabled'], to: 'disabled', label: '停用', danger: true },
    { from: ['disabled'], to: 'enabled', label: '启用' },
  ],
};

export const customer: ResourceDef<'customer'> = {
  key: 'customer',
  title: '客户',
  menuCode: 'crm_customer',
  menu: { group: 'crm', icon: 'UserOutlined', order: 1, actions: [['status', '启用停用']] },
  api: '/crm/customer',
  table: 'crm_customers',
  scope: 'organiser',
  display: 'name',
  defaultSort: { sort: 'createdAt', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  fields: [
    { name: 'name', label: '客户名称', type: 'text', required: true, max: 100, list: true, width: 240, sortable: true, filter: 'like', trigram: true, unique: true },
    { name: 'shortName', label: '客户简称', type: 'text', max: 30 },
    { name: 'type', label: '客户类型', type: 'enum', required: true, options: CUSTOMER_TYPES, list: true, width: 100, filter: 'eq', defaultValue: 1 },
    { name: 'level', label: '客户等级', type: 'enum', required: true, options: CUSTOMER_LEVELS, list: true, width: 120, filter: 'eq', sortable: true, defaultValue: 2 },
    { name: 'industry', label: '所属行业', type: 'enum', options: INDUSTRIES, list: true, width: 130, filter: 'eq' },
    { name: 'source', label: '客户来源', type: 'enum', options: CUSTOMER_SOURCES },
    { name: 'creditCode', label: '统一社会信用代码', type: 'text', max: 18, rules: [creditCodeRule] },
    { name: 'region', label: '所在地区', type: 'text', max: 50, list: true, width: 120, placeholder: '如：上海市 浦东新区' },
    { name: 'phone', label: '联系电话', type: 'text', max: 20, rules: [phoneRule], list: true, width: 140 },
    { name: 'email', label: '邮箱', type: 'text', max: 100, rules: [emailRule] },
    { name: 'website', label: '官网', type: 'text', max: 200, rules: [urlRule] },
    { name: 'address', label: '详细地址', type: 'text', max: 255, span: 24 },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  machines: [enabledMachine],
  extensions: { share: ['preInfo'] },
  // The list's usual question: "my A-level exhibitors, newest first".
  indexes: [['createdAt'], ['level', 'createdAt'], ['type', 'createdAt'], ['industry', 'createdAt']],
};

export const contact: ResourceDef<'contact'> = {
  key: 'contact',
  title: '联系人',
  menuCode: 'crm_contact',
  menu: { group: 'crm', icon: 'IdcardOutlined', order: 2 },
  api: '/crm/contact',
  table: 'crm_contacts',
  scope: 'organiser',
  display: 'name',
  defaultSort: { sort: 'createdAt', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  fields: [
    { name: 'customerId', label: '所属客户', type: 'ref', ref: 'customer', required: true, list: true, width: 240, filter: 'eq', span: 24 },
    { name: 'name', label: '姓名', type: 'text', required: true, max: 30, list: true, width: 100, sortable: true, filter: 'like', trigram: true },
    { name: 'gender', label: '性别', type: 'enum', options: GENDERS, list: true, width: 70 },
    { name: 'title', label: '职务', type: 'text', max: 50, list: true, width: 140 },
    { name: 'department', label: '部门', type: 'text', max: 50 },
    { name: 'mobile', label: '手机号码', type: 'text', required: true, max: 11, rules: [mobileRule], list: true, width: 130, filter: 'like' },
    { name: 'phone', label: '座机', type: 'text', max: 20, rules: [landlineRule] },
    { name: 'email', label: '邮箱', type: 'text', max: 100, rules: [emailRule], list: true, width: 200 },
    { name: 'wechat', label: '微信号', type: 'text', max: 50 },
    { name: 'isPrimary', label: '主要联系人', type: 'enum', options: YES_NO, list: true, width: 100, filter: 'eq', defaultValue: 0 },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  indexes: [['createdAt']],
};

export const QUOTATION_STATES: readonly StateOption[] = [
  { value: 0, key: 'draft', label: '草稿', color: 'default' },
  { value: 1, key: 'sent', label: '已发送', color: 'blue' },
  { value: 2, key: 'accepted', label: '已接受', color: 'green' },
  { value: 3, key: 'rejected', label: '已拒绝', color: 'red' },
];

/** 报价单: goods quoted to a customer for one project, with line items; accepted ones become contracts. */
export const quotation: ResourceDef<'quotation'> = {
  key: 'quotation',
  title: '报价单',
  menuCode: 'crm_quotation',
  menu: { group: 'sales', icon: 'FileSearchOutlined', order: 1, actions: [['status', '变更状态']] },
  api: '/crm/quotation',
  table: 'crm_quotations',
  scope: 'project',
  display: 'title',
  defaultSort: { sort: 'quoteDate', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  autoCode: { field: 'code', prefix: 'BJ' },
  lockedWhen: { field: 'status', in: ['sent', 'accepted'], msg: '报价单已发送或已接受，不能修改或删除' },
  fields: [
    { name: 'code', label: '报价单号', type: 'text', max: 32, list: true, width: 150, filter: 'like', placeholder: '留空自动生成' },
    { name: 'title', label: '报价主题', type: 'text', required: true, max: 100, list: true, width: 200, filter: 'like', trigram: true },
    { name: 'customerId', label: '客户', type: 'ref', ref: 'customer', required: true, list: true, width: 200, filter: 'eq' },
    { name: 'contactId', label: '联系人', type: 'ref', ref: 'contact', refFilter: { customerId: 'customerId' } },
    { name: 'quoteDate', label: '报价日期', type: 'date', required: true, list: true, width: 110, sortable: true, filter: 'range' },
    { name: 'validUntil', label: '有效期至', type: 'date' },
    { name: 'totalAmount', label: '报价总额', type: 'money', readonly: true, list: true, width: 150, sortable: true },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  lines: goodsLines('报价明细', 'crm_quotation_items'),
  machines: [
    {
      field: 'status',
      label: '状态',
      initial: 'draft',
      states: QUOTATION_STATES,
      transitions: [
        { from: ['draft'], to: 'sent', label: '发送客户' },
        { from: ['sent'], to: 'accepted', label: '客户接受' },
        { from: ['sent'], to: 'rejected', label: '客户拒绝', danger: true, remark: true },
        { from: ['sent', 'rejected'], to: 'draft', label: '退回草稿' },
      ],
    },
  ],
  // The list offers 转为合同 only while no contract was made from the quotation, and links to it after.
  backRefs: [{ resource: 'contract', via: 'quotationId', as: 'contract', show: 'code' }],
  operations: [
    {
      name: 'toContract',
      label: '转为合同',
      authority: { resource: 'contract', action: 'add' },
      when: { field: 'status', in: ['sent', 'accepted'] },
      unlessBackRef: 'contract',
      confirm: '将按此报价单生成一份合同（客户、项目与金额取自报价单），报价单随之标记为已接受。确定吗？',
      opens: { resource: 'contract', by: 'code' },
    },
  ],
  extensions: { share: ['bjdxxSzJd', 'bjdxxSzZg', 'bjdxxZh'] },
  indexes: [['quoteDate'], ['customerId', 'quoteDate']],
};
