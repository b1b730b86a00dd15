import type { LinesDef } from '@domain/resource/types';

/**
 * Priced lines of goods/services (报价明细, 订单明细): goods on sale in the row's project, quantity,
 * price filled from the list price, discount % and the computed amount; the parent's totalAmount is the sum.
 */
export function goodsLines(label: string, table: string): LinesDef {
  return {
    name: 'items',
    label,
    table,
    maxLines: 50,
    pricing: { price: 'price', quantity: 'quantity', discount: 'discount', amount: 'amount', total: 'totalAmount' },
    fields: [
      { name: 'goodsId', label: '商品服务', type: 'ref', ref: 'goods', required: true, refFilter: { cnfId: 'cnfId' }, refQuery: { status: 1 }, refFill: { price: 'listPrice' } },
      { name: 'quantity', label: '数量', type: 'quantity', required: true, defaultValue: 1 },
      { name: 'price', label: '价格', type: 'price', required: true },
      { name: 'discount', label: '折扣', type: 'percent', required: true, defaultValue: 100 },
      { name: 'amount', label: '金额', type: 'money', readonly: true },
    ],
  };
}
