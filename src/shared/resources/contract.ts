/**
 * 销售合同: contracts with customers, usually from an accepted quotation. Two state machines: the
 * approval (审核状态) and the contract's own life (合同状态); a contract takes effect only once approved.
 */
import type { Option, ResourceDef } from './types';

export const AUDIT_STATES: readonly Option[] = [
  { value: 0, label: '未提交', color: 'default' },
  { value: 1, label: '待审核', color: 'orange' },
  { value: 2, label: '已通过', color: 'green' },
  { value: 3, label: '已驳回', color: 'red' },
];

export const CONTRACT_STATES: readonly Option[] = [
  { value: 0, label: '未生效', color: 'default' },
  { value: 1, label: '执行中', color: 'blue' },
  { value: 2, label: '已完成', color: 'green' },
  { value: 3, label: '已终止', color: 'red' },
];

export const PAY_TERMS: readonly Option[] = [
  { value: 1, label: '一次性付款' },
  { value: 2, label: '分期付款' },
  { value: 3, label: '展后结算' },
];

export const contract: ResourceDef = {
  key: 'contract',
  title: '合同',
  menuCode: 'contract_contract',
  api: '/contract/contract',
  table: 'contract_contracts',
  scope: 'project',
  display: 'name',
  defaultSort: { sort: 'signDate', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  autoCode: { field: 'code', prefix: 'HT' },
  lockedWhen: { field: 'auditStatus', in: [1, 2], msg: '合同已提交审核或已审核通过，不能修改或删除' },
  fields: [
    { name: 'code', label: '合同编号', type: 'text', max: 32, list: true, width: 150, filter: 'like', placeholder: '留空自动生成' },
    { name: 'name', label: '合同名称', type: 'text', required: true, max: 100, list: true, width: 200, filter: 'like', trigram: true },
    { name: 'customerId', label: '客户', type: 'ref', ref: 'customer', required: true, list: true, width: 200, filter: 'eq' },
    {
      name: 'quotationId',
      label: '报价单',
      type: 'ref',
      ref: 'quotation',
      refFilter: { customerId: 'customerId', cnfId: 'cnfId' },
      refFill: { amount: 'totalAmount' },
      help: '选择报价单后合同金额按报价总额填入',
    },
    { name: 'signDate', label: '签订日期', type: 'date', required: true, list: true, width: 110, sortable: true, filter: 'range' },
    { name: 'startDate', label: '开始日期', type: 'date' },
    { name: 'endDate', label: '结束日期', type: 'date' },
    { name: 'amount', label: '合同金额', type: 'money', required: true, list: true, width: 190, sortable: true, capital: true },
    { name: 'payTerms', label: '付款方式', type: 'enum', options: PAY_TERMS, defaultValue: 2 },
    { name: 'ourSigner', label: '我方签约人', type: 'text', max: 30 },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  machines: [
    {
      kind: 'audit',
      label: '审核状态',
      initial: 0,
      states: AUDIT_STATES,
      transitions: [
        { from: [0, 3], to: 1, label: '提交审核', action: 'edit' },
        { from: [1], to: 0, label: '撤回', action: 'edit' },
        { from: [1], to: 2, label: '审核通过' },
        { from: [1], to: 3, label: '驳回', danger: true, remark: true },
      ],
    },
    {
      kind: 'status',
      label: '合同状态',
      initial: 0,
      states: CONTRACT_STATES,
      transitions: [
        { from: [0], to: 1, label: '生效', guard: { field: 'auditStatus', in: [2], msg: '合同审核通过后才能生效' } },
        { from: [1], to: 2, label: '完成' },
        { from: [0, 1], to: 3, label: '终止', danger: true, remark: true },
      ],
    },
  ],
  indexes: [['signDate'], ['customerId', 'signDate'], ['auditStatus', 'signDate']],
};
