import { Descriptions } from 'antd';
import type { SharedQuotation } from '@domain/share/sharedDocuments.contracts';
import type { SharePageKind } from '@domain/share/shareLinks.contracts';
import { QUOTATION_STATES } from '@domain/crm/resources';
import { dateRange, projectText, stateTag, text } from './parts';

/** The three layouts of a quotation, opened by the same link. */
export const QUOTATION_PAGES: readonly SharePageKind[] = ['bjdxxSzJd', 'bjdxxSzZg', 'bjdxxZh'];

export function contactText(q: SharedQuotation): string {
  if (!q.contact) return '-';
  return [q.contact.name, q.contact.title, q.contact.mobile].filter(Boolean).join('  ');
}

/** 报价主题, customer, project, dates and state, as a bordered grid. */
export function QuotationFacts({ q }: { q: SharedQuotation }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2 }}
      items={[
        { key: 'title', label: '报价主题', children: q.title, span: 2 },
        { key: 'customer', label: '客户', children: q.customer.name },
        { key: 'contact', label: '联系人', children: contactText(q) },
        { key: 'project', label: '所属项目', children: projectText(q.project) },
        { key: 'dates', label: '举办时间', children: dateRange(q.project?.srq, q.project?.erq) },
        { key: 'quoteDate', label: '报价日期', children: q.quoteDate },
        { key: 'validUntil', label: '有效期至', children: text(q.validUntil) },
        { key: 'status', label: '状态', children: stateTag(QUOTATION_STATES, q.status) },
      ]}
    />
  );
}
