/**
 * 销售合同: contracts with customers, usually from an accepted quotation. Two state machines: the
 * approval (审核状态) and the contract's own life (合同状态); a contract takes effect only once approved.
 */
import type { Option, ResourceDef, StateOption } from '@domain/resource/types';

export const AUDIT_STATES: readonly StateOption[] = [
  { value: 0, key: 'unsubmitted', label: '未提交', color: 'default' },
  { value: 1, key: 'pending', label: '待审核', color: 'orange' },
  { value: 2, key: 'approved', label: '已通过', color: 'green' },
  { value: 3, key: 'rejected', label: '已驳回', color: 'red' },
];

export const CONTRACT_STATES: readonly StateOption[] = [
  { value: 0, key: 'inactive', label: '未生效', color: 'default' },
  { value: 1, key: 'active', label: '执行中', color: 'blue' },
  { value: 2, key: 'completed', label: '已完成', color: 'green' },
  { value: 3, key: 'terminated', label: '已终止', color: 'red' },
];

export const PAY_TERMS: readonly Option[] = [
  { value: 1, label: '一次性付款' },
  { value: 2, label: '分期付款' },
  { value: 3, label: '展后结算' },
];

export const contract: ResourceDef<'contract'> = {
  key: 'contract',
  title: '合同',
  menuCode: 'contract_contract',
  menu: { group: 'sales', icon: 'FileProtectOutlined', order: 2, actions: [['audit', '审核'], ['status', '变更状态']] },
  api: '/contract/contract',
  table: 'contract_contracts',
  scope: 'project',
  display: 'name',
  defaultSort: { sort: 'signDate', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  autoCode: { field: 'code', prefix: 'HT' },
  lockedWhen: { field: 'auditStatus', in: ['pending', 'approved'], msg: '合同已提交审核或已审核通过，不能修改或删除' },
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
      field: 'auditStatus',
      label: '审核状态',
      initial: 'unsubmitted',
      states: AUDIT_STATES,
      transitions: [
        { from: ['unsubmitted', 'rejected'], to: 'pending', label: '提交审核', action: 'edit' },
        { from: ['pending'], to: 'unsubmitted', label: '撤回', action: 'edit' },
        { from: ['pending'], to: 'approved', label: '审核通过' },
        { from: ['pending'], to: 'rejected', label: '驳回', danger: true, remark: true },
      ],
    },
    {
      field: 'status',
      label: '合同状态',
      initial: 'inactive',
      states: CONTRACT_STATES,
      transitions: [
        { from: ['inactive'], to: 'active', label: '生效', guard: { field: 'auditStatus', in: ['approved'], msg: '合同审核通过后才能生效' } },
        { from: ['active'], to: 'completed', label: '完成' },
        { from: ['inactive', 'active'], to: 'terminated', label: '终止', danger: true, remark: true },
      ],
    },
  ],
  aggregates: [
    { name: 'invoiced', label: '已开票', resource: 'invoice', via: 'contractId', sum: 'amount', except: [{ field: 'status', in: ['voided'] }], of: 'amount', leftLabel: '可开票' },
    {
      name: 'received',
      label: '已回款',
      resource: 'receivable',
      via: 'contractId',
      sum: 'amount',
      where: [{ field: 'kind', in: ['receipt'] }],
      except: [{ field: 'confirmStatus', in: ['rejected'] }],
      of: 'amount',
      leftLabel: '未回款',
    },
    { name: 'planned', label: '已计划', resource: 'receivable', via: 'contractId', sum: 'amount', where: [{ field: 'kind', in: ['plan'] }], of: 'amount', leftLabel: '未计划' },
  ],
  extensions: { share: ['htxx', 'zwsx'] },
  indexes: [['signDate'], ['customerId', 'signDate'], ['auditStatus', 'signDate']],
};
