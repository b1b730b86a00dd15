/**
 * 商务中心: what an organiser sells for a project (booths, advertising, sponsorship, tickets, services)
 * and at which prices; later coupons, orders, merchants and payments.
 */
import { alnum20Rule, bankCardRule, mobileRule, phoneRule } from '@domain/core/validators';
import { goodsLines } from '@domain/commerce/goodsLines';
import type { Option, ResourceDef, StateMachine, StateOption } from '@domain/resource/types';

export const GOODS_CATEGORIES: readonly Option[] = [
  { value: 1, label: '展位', color: 'blue' },
  { value: 2, label: '广告', color: 'purple' },
  { value: 3, label: '赞助', color: 'gold' },
  { value: 4, label: '会议门票', color: 'cyan' },
  { value: 5, label: '增值服务', color: 'green' },
];

export const TAX_RATES: readonly Option[] = [
  { value: 6, label: '6%' },
  { value: 9, label: '9%' },
  { value: 13, label: '13%' },
  { value: 0, label: '免税' },
];

export const ON_SALE_STATES: readonly StateOption[] = [
  { value: 1, key: 'onSale', label: '在售', color: 'green' },
  { value: 0, key: 'offSale', label: '已下架', color: 'default' },
];

const onSaleMachine: StateMachine = {
  field: 'status',
  label: '状态',
  initial: 'onSale',
  states: ON_SALE_STATES,
  transitions: [
    { from: ['onSale'], to: 'offSale', label: '下架', danger: true },
    { from: ['offSale'], to: 'onSale', label: '上架' },
  ],
};

export const goods: ResourceDef<'goods'> = {
  key: 'goods',
  title: '商品服务',
  menuCode: 'goods_goods',
  menu: { group: 'business', icon: 'GiftOutlined', order: 1, actions: [['status', '上架下架']] },
  api: '/goods/goods',
  table: 'goods_goods',
  scope: 'project',
  display: 'name',
  defaultSort: { sort: 'createdAt', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  autoCode: { field: 'code', prefix: 'SP' },
  fields: [
    { name: 'name', label: '名称', type: 'text', required: true, max: 100, list: true, width: 220, sortable: true, filter: 'like' },
    { name: 'code', label: '编码', type: 'text', max: 32, list: true, width: 150, filter: 'like', placeholder: '留空自动生成' },
    { name: 'category', label: '类别', type: 'enum', required: true, options: GOODS_CATEGORIES, list: true, width: 100, filter: 'eq' },
    { name: 'spec', label: '规格', type: 'text', max: 100, list: true, width: 160, placeholder: '如：3m×3m 标准展位' },
    { name: 'unit', label: '单位', type: 'text', required: true, max: 10, list: true, width: 70, defaultValue: '个' },
    { name: 'listPrice', label: '标准价', type: 'price', required: true, list: true, width: 140, sortable: true },
    { name: 'taxRate', label: '税率', type: 'enum', required: true, options: TAX_RATES, list: true, width: 80, defaultValue: 6 },
    { name: 'stock', label: '可售数量', type: 'int', list: true, width: 100, help: '留空表示不限' },
    { name: 'description', label: '说明', type: 'textarea', max: 500, span: 24 },
  ],
  machines: [onSaleMachine],
  indexes: [['category', 'createdAt']],
};

export const price: ResourceDef<'price'> = {
  key: 'price',
  title: '价格',
  menuCode: 'goods_price',
  menu: { group: 'business', icon: 'TagsOutlined', order: 2 },
  api: '/goods/price',
  table: 'goods_prices',
  scope: 'project',
  projectFrom: 'goodsId',
  display: 'name',
  defaultSort: { sort: 'startDate', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  fields: [
    { name: 'goodsId', label: '商品服务', type: 'ref', ref: 'goods', required: true, list: true, width: 220, filter: 'eq', span: 24 },
    { name: 'name', label: '价格名称', type: 'text', required: true, max: 50, list: true, width: 120, filter: 'like', placeholder: '如：早鸟价、标准价、现场价' },
    { name: 'price', label: '价格', type: 'price', required: true, list: true, width: 140, sortable: true },
    { name: 'minQuantity', label: '起订数量', type: 'quantity', required: true, list: true, width: 100, defaultValue: 1 },
    { name: 'startDate', label: '生效日期', type: 'date', required: true, list: true, width: 120, sortable: true, filter: 'range' },
    { name: 'endDate', label: '失效日期', type: 'date', list: true, width: 120, sortable: true },
    { name: 'remark', label: '备注', type: 'textarea', max: 200, span: 24 },
  ],
  indexes: [['startDate']],
};

export const COUPON_TYPES: readonly Option[] = [
  { value: 1, label: '满减券', color: 'red' },
  { value: 2, label: '折扣券', color: 'orange' },
  { value: 3, label: '代金券', color: 'gold' },
];

export const COUPON_STATES: readonly StateOption[] = [
  { value: 0, key: 'unpublished', label: '未发布', color: 'default' },
  { value: 1, key: 'published', label: '已发布', color: 'green' },
  { value: 2, key: 'disabled', label: '已停用', color: 'red' },
];

/** 优惠券: coupons of a project's shop (tickets, services): fixed off over a threshold, a discount, or a voucher. */
export const coupon: ResourceDef<'coupon'> = {
  key: 'coupon',
  title: '优惠券',
  menuCode: 'goods_coupon',
  menu: { group: 'business', icon: 'PercentageOutlined', order: 3, actions: [['status', '发布停用']] },
  api: '/goods/coupon',
  table: 'goods_coupons',
  scope: 'project',
  display: 'name',
  defaultSort: { sort: 'createdAt', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  autoCode: { field: 'code', prefix: 'YH' },
  lockedWhen: { field: 'status', in: ['published'], msg: '优惠券已发布，请先停用再修改或删除' },
  fields: [
    { name: 'name', label: '名称', type: 'text', required: true, max: 50, list: true, width: 180, filter: 'like' },
    { name: 'code', label: '编码', type: 'text', max: 32, list: true, width: 150, placeholder: '留空自动生成' },
    { name: 'type', label: '类型', type: 'enum', required: true, options: COUPON_TYPES, list: true, width: 90, filter: 'eq', defaultValue: 1 },
    { name: 'faceValue', label: '面额', type: 'money', list: true, width: 110, help: '满减券、代金券必填' },
    { name: 'discount', label: '折扣', type: 'percent', list: true, width: 80, help: '折扣券必填，如 85 表示八五折' },
    { name: 'threshold', label: '使用门槛', type: 'money', allowZero: true, list: true, width: 110, defaultValue: '0', help: '订单满此金额可用，0 为无门槛' },
    { name: 'total', label: '发行数量', type: 'quantity', required: true, list: true, width: 90 },
    { name: 'perLimit', label: '每人限领', type: 'quantity', required: true, defaultValue: 1 },
    { name: 'goodsId', label: '适用商品', type: 'ref', ref: 'goods', refFilter: { cnfId: 'cnfId' }, help: '留空表示全场通用' },
    { name: 'startDate', label: '开始日期', type: 'date', required: true, list: true, width: 110, sortable: true },
    { name: 'endDate', label: '结束日期', type: 'date', required: true, list: true, width: 110, sortable: true },
    { name: 'remark', label: '使用说明', type: 'textarea', max: 300, span: 24 },
  ],
  machines: [
    {
      field: 'status',
      label: '状态',
      initial: 'unpublished',
      states: COUPON_STATES,
      transitions: [
        { from: ['unpublished', 'disabled'], to: 'published', label: '发布' },
        { from: ['published'], to: 'disabled', label: '停用', danger: true },
      ],
    },
  ],
};

export const ORDER_CHANNELS: readonly Option[] = [
  { value: 1, label: '线上商城' },
  { value: 2, label: '微信小程序' },
  { value: 3, label: '线下录入' },
];

export const ORDER_STATES: readonly StateOption[] = [
  { value: 0, key: 'unpaid', label: '待付款', color: 'orange' },
  { value: 1, key: 'paid', label: '已付款', color: 'blue' },
  { value: 2, key: 'done', label: '已完成', color: 'green' },
  { value: 3, key: 'cancelled', label: '已取消', color: 'default' },
  { value: 4, key: 'refunded', label: '已退款', color: 'red' },
];

/** 订单: orders of a project's goods (tickets, services) with line items; paid through payments. */
export const order: ResourceDef<'order'> = {
  key: 'order',
  title: '订单',
  menuCode: 'order_order',
  menu: { group: 'business', icon: 'ShoppingCartOutlined', order: 4, actions: [['status', '变更状态']] },
  api: '/order/order',
  table: 'order_orders',
  scope: 'project',
  display: 'orderNo',
  defaultSort: { sort: 'orderDate', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  autoCode: { field: 'orderNo', prefix: 'DD' },
  lockedWhen: { field: 'status', in: ['paid', 'done', 'cancelled', 'refunded'], msg: '只有待付款的订单可以修改或删除' },
  fields: [
    { name: 'orderNo', label: '订单号', type: 'text', max: 32, list: true, width: 150, filter: 'like', placeholder: '留空自动生成' },
    { name: 'buyerName', label: '购买人', type: 'text', required: true, max: 30, list: true, width: 100, filter: 'like' },
    { name: 'buyerPhone', label: '手机号码', type: 'text', required: true, max: 11, rules: [mobileRule], list: true, width: 120, filter: 'like' },
    { name: 'customerId', label: '所属客户', type: 'ref', ref: 'customer', list: true, width: 200, help: '企业客户订单可选' },
    { name: 'channel', label: '下单渠道', type: 'enum', required: true, options: ORDER_CHANNELS, list: true, width: 100, filter: 'eq', defaultValue: 3 },
    { name: 'orderDate', label: '下单日期', type: 'date', required: true, list: true, width: 110, sortable: true, filter: 'range' },
    { name: 'totalAmount', label: '商品总额', type: 'money', readonly: true, list: true, width: 120, sortable: true },
    { name: 'discountAmount', label: '优惠金额', type: 'money', allowZero: true, defaultValue: '0' },
    { name: 'payAmount', label: '应付金额', type: 'money', readonly: true, list: true, width: 120, sortable: true },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  lines: goodsLines('订单明细', 'order_order_items'),
  extensions: { share: ['tcdxx', 'tcdFj'], attachments: true },
  machines: [
    {
      field: 'status',
      label: '订单状态',
      initial: 'unpaid',
      states: ORDER_STATES,
      transitions: [
        { from: ['unpaid'], to: 'cancelled', label: '取消订单', danger: true, remark: true },
        { from: ['paid'], to: 'done', label: '完成' },
      ],
    },
  ],
  indexes: [['orderDate'], ['status', 'orderDate']],
};

export const PAY_CHANNELS: readonly Option[] = [
  { value: 1, label: '微信支付' },
  { value: 2, label: '支付宝' },
  { value: 3, label: '银联商务' },
  { value: 4, label: '对公转账' },
];

/** 商户: the organiser's merchant accounts that payments are collected through. */
export const merchant: ResourceDef<'merchant'> = {
  key: 'merchant',
  title: '商户',
  menuCode: 'merchant_merchant',
  menu: { group: 'business', icon: 'BankOutlined', order: 5, actions: [['status', '启用停用']] },
  api: '/merchant/merchant',
  table: 'merchant_merchants',
  scope: 'organiser',
  display: 'name',
  defaultSort: { sort: 'createdAt', order: 'desc' },
  actions: ['add', 'edit', 'remove', 'export'],
  fields: [
    { name: 'name', label: '商户名称', type: 'text', required: true, max: 100, list: true, width: 220, filter: 'like' },
    { name: 'channel', label: '支付渠道', type: 'enum', required: true, options: PAY_CHANNELS, list: true, width: 100, filter: 'eq' },
    { name: 'merchantNo', label: '商户号', type: 'text', required: true, max: 20, rules: [alnum20Rule], list: true, width: 170, unique: true },
    { name: 'appId', label: '应用ID', type: 'text', max: 32 },
    { name: 'settleBank', label: '结算开户行', type: 'text', max: 50, list: true, width: 180 },
    { name: 'settleAccount', label: '结算账号', type: 'text', max: 20, rules: [bankCardRule] },
    { name: 'contactName', label: '联系人', type: 'text', max: 20, list: true, width: 90 },
    { name: 'contactPhone', label: '联系电话', type: 'text', max: 20, rules: [phoneRule], list: true, width: 130 },
    { name: 'remark', label: '备注', type: 'textarea', max: 500, span: 24 },
  ],
  machines: [
    {
      field: 'status',
      label: '状态',
      initial: 'enabled',
      states: [
        { value: 1, key: 'enabled', label: '启用', color: 'green' },
        { value: 0, key: 'disabled', label: '停用', color: 'default' },
      ],
      transitions: [
        { from: ['enabled'], to: 'disabled', label: '停用', danger: true },
        { from: ['disabled'], to: 'enabled', label: '启用' },
      ],
    },
  ],
};

export const PAYMENT_STATES: readonly StateOption[] = [
  { value: 1, key: 'paid', label: '支付成功', color: 'green' },
  { value: 2, key: 'refunded', label: '已退款', color: 'red' },
];

/** 支付记录: money received for orders through a merchant account; recorded, then possibly refunded. */
export const payment: ResourceDef<'payment'> = {
  key: 'payment',
  title: '支付记录',
  menuCode: 'pay_payment',
  menu: { group: 'business', icon: 'PayCircleOutlined', order: 6, actions: [['add', '登记支付'], ['status', '退款']] },
  api: '/pay/payment',
  table: 'pay_payments',
  scope: 'project',
  projectFrom: 'orderId',
  display: 'payNo',
  defaultSort: { sort: 'payDate', order: 'desc' },
  actions: ['add', 'export'],
  autoCode: { field: 'payNo', prefix: 'ZF' },
  fields: [
    { name: 'payNo', label: '支付流水号', type: 'text', max: 32, list: true, width: 150, filter: 'like', placeholder: '留空自动生成' },
    { name: 'orderId', label: '订单', type: 'ref', ref: 'order', required: true, refQuery: { status: 0 }, refFill: { amount: 'payAmount', payer: 'buyerName' }, list: true, width: 150, filter: 'eq' },
    { name: 'merchantId', label: '收款商户', type: 'ref', ref: 'merchant', required: true, refQuery: { status: 1 }, list: true, width: 200, filter: 'eq' },
    { name: 'amount', label: '支付金额', type: 'money', required: true, list: true, width: 120, sortable: true },
    { name: 'payDate', label: '支付日期', type: 'date', required: true, list: true, width: 110, sortable: true, filter: 'range' },
    { name: 'tradeNo', label: '渠道交易号', type: 'text', max: 64, list: true, width: 200, filter: 'like' },
    { name: 'payer', label: '付款人', type: 'text', max: 50 },
    { name: 'remark', label: '备注', type: 'textarea', max: 300, span: 24 },
  ],
  machines: [
    {
      field: 'status',
      label: '支付状态',
      initial: 'paid',
      states: PAYMENT_STATES,
      transitions: [{ from: ['paid'], to: 'refunded', label: '退款', danger: true, remark: true }],
    },
  ],
  indexes: [['payDate']],
};
