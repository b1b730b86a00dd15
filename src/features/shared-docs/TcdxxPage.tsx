import { Descriptions } from 'antd';
import type { SharedOrder } from '@domain/share/sharedDocuments.contracts';
import type { SharePageKind } from '@domain/share/shareLinks.contracts';
import { ORDER_CHANNELS, ORDER_STATES } from '@domain/commerce/resources';
import { DocumentFrame } from './DocumentFrame';
import { DocTitle, label, Letterhead, LinesTable, money, projectText, Section, stateTag, text, TotalLine } from './parts';
import { useSharedDocument } from './useSharedDocument';

/** An order's two pages, opened by the same link. */
export const ORDER_PAGES: readonly SharePageKind[] = ['tcdxx', 'tcdFj'];

/** 138****8000: a shared page may be forwarded, so the buyer's number is not shown whole. */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

/** /tcdxx/tcdxx 套餐单信息: the order's buyer, items, totals, discount, amount to pay and state. */
export default function TcdxxPage() {
  const state = useSharedDocument<SharedOrder>('tcdxx');
  return (
    <DocumentFrame state={state} kind="tcdxx" siblings={ORDER_PAGES}>
      {(o) => (
        <>
          <Letterhead doc={o} sub={o.project?.name} />
          <DocTitle title="套餐单" meta={`订单号：${text(o.orderNo)}`} />
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'buyer', label: '购买人', children: o.buyerName },
              { key: 'phone', label: '手机号码', children: maskMobile(o.buyerPhone) },
              { key: 'customer', label: '所属客户', children: text(o.customerName) },
              { key: 'project', label: '所属项目', children: projectText(o.project) },
              { key: 'date', label: '下单日期', children: o.orderDate },
              { key: 'channel', label: '下单渠道', children: label(ORDER_CHANNELS, o.channel) },
              { key: 'status', label: '订单状态', children: stateTag(ORDER_STATES, o.status) },
              { key: 'files', label: '附件', children: o.attachments.length ? `${o.attachments.length} 个` : '无' },
            ]}
          />
          <Section title="套餐明细">
            <LinesTable items={o.items} compact />
            <div className="zb-doc-total">
              <span>商品总额：{money(o.totalAmount)}</span>
              <span>优惠金额：{o.discountAmount > 0 ? `-${money(o.discountAmount)}` : money(0)}</span>
            </div>
            <TotalLine caption="应付金额" fen={o.payAmount} />
          </Section>
          {o.remark && (
            <Section title="备注">
              <div style={{ whiteSpace: 'pre-wrap' }}>{o.remark}</div>
            </Section>
          )}
        </>
      )}
    </DocumentFrame>
  );
}
