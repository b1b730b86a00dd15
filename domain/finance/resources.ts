/**
 * 财务管理: invoices against contracts (申请 → 开票 → 作废), receivables (payment plans and the
 * receipts that are confirmed against them) and accounting vouchers.
 */
import { taxNoRule } from '@domain/core/validators';
import type { FieldDef, Option, ResourceDef, StateOption } from '@domain/resource/types';

export const INVOICE_TYPES: readonly Option[] = [
  { value: 1, label: '增值税专用发票' },
  { value: 2, label: '增值税普通发票' },
  { value: 3, label: '电子普通发票' },
];

export const INVOICE_STATES: readonly StateOption[] = [
  { value: 0, key: 'applied', label: '已申请', color: 'orange' },
  { value: 1, key: 'issued', label: '已开票', color: 'green' },
  { value: 2, key: 'voided', label: '已作废', color: 'default' },
];

export const INVOICE_TAX_RATES: readonly Option[] = [
  { value: 6, label: '6%' },
  { value: 9, label: '9%' },
  { value: 13, label: '13%' },
];

/** Contracts that money may be invoiced or received against: approved ones. */
const APPROVED_CONTRACTS = { auditStatus: 2 } as const;

/**
 * The approved contract money is written against, with what is left of it beside each choice (and
 * prefilled as the amount), and the customer taken from it by the server.
 */
function againstContract(left: string, label: string): FieldDef[] {
  return [
    {
      name: 'contractId',
      label: '合同',
      type: 'ref',
      ref: 'contract',
      required: true,
      refQuery: APPROVED_CONTRACTS,
      refHint: { show: left, label, spentWhenZero: true, fill: 'amount' },
      list: true,
      width: 200,
      filter: 'eq',
      span: 24,
    },
    { name: 'customerId', label: '客户', type: 'ref', ref: 'customer', readonly: true, list: true, width: 200, filter: 'eq' },
  ];
}

export const invoice: ResourceDef<'invoice'> = {
  key: 'invoice',
  title: '发票',
  menuCode: 'finance_invoice',
  menu: { group: 'finance', icon: 'ProfileOutlined', order: 1, actions: [['status', '变更状态']] },
  api: '/finance/invoice',
  table: 'finance_invoices',
  scope: 'project',
  projectFrom: 'contractId',
  display: 'title',
  defaultSort: { sort: 'applyDate', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  lockedWhen: { field: 'status', in: ['issued', 'voided'], msg: '发票已开具或已作废，不能修改或删除' },
  fields: [
    ...againstContract('invoicedLeft', '可开票'),
    { name: 'type', label: '发票类型', type: 'enum', required: true, options: INVOICE_TYPES, list: true, width: 140, filter: 'eq', defaultValue: 1 },
    { name: 'invoiceNo', label: '发票号码', type: 'text', max: 20, list: true, width: 120, filter: 'like', help: '开票后填写' },
    { name: 'title', label: '发票抬头', type: 'text', required: true, max: 100, filter: 'like' },
    { name: 'taxNo', label: '纳税人识别号', type: 'text', required: true, max: 20, rules: [taxNoRule] },
    { name: 'amount', label: '开票金额', type: 'money', required: true, list: true, width: 190, sortable: true, capital: true },
    { name: 'taxRate', label: '税率', type: 'enum', required: true, options: INVOICE_TAX_RATES, defaultValue: 6 },
    { name: 'applyDate', label: '申请日期', type: 'date', required: true, list: true, width: 110, sortable: true, filter: 'range' },
    { name: 'issueDate', label: '开票日期', type: 'date', list: true, width: 110, sortable: true },
    { name: 'bankInfo', label: '开户行及账号', type: 'text', max: 100 },
    { name: 'addressPhone', label: '地址及电话', type: 'text', max: 150 },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  machines: [
    {
      field: 'status',
      label: '发票状态',
      initial: 'applied',
      states: INVOICE_STATES,
      transitions: [
        { from: ['applied'], to: 'issued', label: '开票' },
        { from: ['applied', 'issued'], to: 'voided', label: '作废', danger: true, remark: true },
      ],
    },
  ],
  indexes: [['applyDate'], ['status', 'applyDate']],
};

export const RECEIVABLE_KINDS: readonly Option[] = [
  { value: 1, key: 'plan', label: '回款计划', color: 'default' },
  { value: 2, key: 'receipt', label: '回款记录', color: 'blue' },
];

export const CONFIRM_STATES: readonly StateOption[] = [
  { value: 0, key: 'pending', label: '待确认', color: 'orange' },
  { value: 1, key: 'confirmed', label: '已确认', color: 'green' },
  { value: 2, key: 'rejected', label: '已驳回', color: 'red' },
];

export const PAY_METHODS: readonly Option[] = [
  { value: 1, label: '银行转账' },
  { value: 2, label: '支票' },
  { value: 3, label: '现金' },
  { value: 4, label: '线上支付' },
];

export const receivable: ResourceDef<'receivable'> = {
  key: 'receivable',
  title: '回款',
  menuCode: 'finance_receivable',
  menu: { group: 'finance', icon: 'MoneyCollectOutlined', order: 2, actions: [['confirm', '确认回款']] },
  api: '/finance/receivable',
  table: 'finance_receivables',
  scope: 'project',
  projectFrom: 'contractId',
  display: 'summary',
  defaultSort: { sort: 'createdAt', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  lockedWhen: { field: 'confirmStatus', in: ['confirmed'], msg: '回款已确认，不能修改或删除' },
  fields: [
    ...againstContract('receivedLeft', '未回款'),
    { name: 'kind', label: '类型', type: 'enum', required: true, options: RECEIVABLE_KINDS, list: true, width: 100, filter: 'eq', defaultValue: 2 },
    { name: 'summary', label: '摘要', type: 'text', required: true, max: 100, list: true, width: 180, placeholder: '如：第一期展位费' },
    { name: 'period', label: '期次', type: 'int', min: 1, maxValue: 99, list: true, width: 70 },
    { name: 'amount', label: '金额', type: 'money', required: true, list: true, width: 150, sortable: true },
    { name: 'planDate', label: '计划回款日期', type: 'date', list: true, width: 120, sortable: true, help: '回款计划必填' },
    { name: 'receivedDate', label: '到账日期', type: 'date', list: true, width: 110, sortable: true, filter: 'range', help: '回款记录必填' },
    { name: 'method', label: '收款方式', type: 'enum', options: PAY_METHODS, defaultValue: 1 },
    { name: 'payer', label: '付款方', type: 'text', max: 100 },
    { name: 'bankSerial', label: '银行流水号', type: 'text', max: 50 },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  machines: [
    {
      field: 'confirmStatus',
      label: '确认状态',
      initial: 'pending',
      states: CONFIRM_STATES,
      appliesWhen: { field: 'kind', in: ['receipt'] },
      transitions: [
        { from: ['pending'], to: 'confirmed', label: '确认回款' },
        { from: ['pending'], to: 'rejected', label: '驳回', danger: true, remark: true },
        { from: ['rejected'], to: 'pending', label: '重新提交', action: 'edit' },
      ],
    },
  ],
  indexes: [['createdAt'], ['contractId', 'kind']],
};

export const VOUCHER_WORDS: readonly Option[] = [
  { value: 1, label: '记' },
  { value: 2, label: '收' },
  { value: 3, label: '付' },
  { value: 4, label: '转' },
];

export const VOUCHER_AUDIT_STATES: readonly StateOption[] = [
  { value: 0, key: 'pending', label: '待审核', color: 'orange' },
  { value: 1, key: 'approved', label: '已审核', color: 'green' },
  { value: 2, key: 'rejected', label: '已驳回', color: 'red' },
];

/** 凭证: accounting vouchers (one debit and one credit line each), audited by finance. */
export const voucher: ResourceDef<'voucher'> = {
  key: 'voucher',
  title: '凭证',
  menuCode: 'finance_voucher',
  menu: { group: 'finance', icon: 'AuditOutlined', order: 3, actions: [['audit', '审核']] },
  api: '/finance/voucher',
  table: 'finance_vouchers',
  scope: 'organiser',
  display: 'summary',
  defaultSort: { sort: 'voucherDate', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  autoCode: { field: 'code', prefix: 'PZ' },
  lockedWhen: { field: 'auditStatus', in: ['approved'], msg: '凭证已审核，不能修改或删除' },
  fields: [
    { name: 'code', label: '凭证号', type: 'text', max: 32, list: true, width: 150, filter: 'like', placeholder: '留空自动生成' },
    { name: 'word', label: '凭证字', type: 'enum', required: true, options: VOUCHER_WORDS, list: true, width: 80, filter: 'eq', defaultValue: 1 },
    { name: 'voucherDate', label: '凭证日期', type: 'date', required: true, list: true, width: 110, sortable: true, filter: 'range' },
    { name: 'summary', label: '摘要', type: 'text', required: true, max: 100, list: true, width: 200, filter: 'like', span: 24 },
    { name: 'debitSubject', label: '借方科目', type: 'text', required: true, max: 50, list: true, width: 140, placeholder: '如：1002 银行存款' },
    { name: 'creditSubject', label: '贷方科目', type: 'text', required: true, max: 50, list: true, width: 140, placeholder: '如：1122 应收账款' },
    { name: 'amount', label: '金额', type: 'money', required: true, list: true, width: 150, sortable: true },
    { name: 'attachments', label: '附件张数', type: 'int', min: 0, maxValue: 999, defaultValue: 1 },
    { name: 'receivableId', label: '关联回款', type: 'ref', ref: 'receivable', refQuery: { kind: 2, confirmStatus: 1 } },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  machines: [
    {
      field: 'auditStatus',
      label: '审核状态',
      initial: 'pending',
      states: VOUCHER_AUDIT_STATES,
      transitions: [
        { from: ['pending'], to: 'approved', label: '审核' },
        { from: ['pending'], to: 'rejected', label: '驳回', danger: true, remark: true },
        { from: ['rejected'], to: 'pending', label: '重新提交', action: 'edit' },
        { from: ['approved'], to: 'pending', label: '反审核', danger: true, remark: true },
      ],
    },
  ],
  indexes: [['voucherDate']],
};
