import { Table, type TableColumnsType } from 'antd';
import type { SharedLine, SharedQuotation } from '@domain/share/sharedDocuments.contracts';
import { GOODS_CATEGORIES } from '@domain/commerce/resources';
import { DocumentFrame } from './DocumentFrame';
import { DocTitle, Letterhead, LinesTable, money, Section, text, TotalLine } from './parts';
import { QUOTATION_PAGES, QuotationFacts } from './quotationParts';
import { useSharedDocument } from './useSharedDocument';

interface Group {
  key: string;
  title: string;
  lines: SharedLine[];
  count: number;
  quantity: number;
  subtotal: number;
}

/** Lines by goods category, in the categories' own order; lines of an unknown category last. */
export function groupByCategory(items: readonly SharedLine[]): Group[] {
  const known = GOODS_CATEGORIES.map((c) => ({ key: String(c.value), title: c.label, match: (l: SharedLine) => l.category === c.value }));
  const other = { key: 'other', title: '其他', match: (l: SharedLine) => !GOODS_CATEGORIES.some((c) => c.value === l.category) };
  return [...known, other]
    .map(({ key, title, match }) => {
      const lines = items.filter(match);
      return {
        key,
        title,
        lines,
        count: lines.length,
        quantity: lines.reduce((s, l) => s + l.quantity, 0),
        subtotal: lines.reduce((s, l) => s + l.amount, 0),
      };
    })
    .filter((g) => g.count > 0);
}

/** /bjdxx/bjdxxZh 报价单（汇总）: totals per goods category, then each category's lines with its subtotal. */
export default function BjdxxZhPage() {
  const state = useSharedDocument<SharedQuotation>('bjdxxZh');
  return (
    <DocumentFrame state={state} kind="bjdxxZh" siblings={QUOTATION_PAGES}>
      {(q) => {
        const groups = groupByCategory(q.items);
        const columns: TableColumnsType<Group> = [
          { title: '类别', dataIndex: 'title' },
          { title: '明细数', dataIndex: 'count', width: 90, align: 'right' },
          { title: '数量合计', dataIndex: 'quantity', width: 100, align: 'right' },
          { title: '小计', dataIndex: 'subtotal', width: 160, align: 'right', render: (v: number) => money(v) },
          {
            title: '占比',
            dataIndex: 'subtotal',
            key: 'share',
            width: 90,
            align: 'right',
            render: (v: number) => (q.totalAmount > 0 ? `${((v / q.totalAmount) * 100).toFixed(1)}%` : '-'),
          },
        ];
        return (
          <>
            <Letterhead doc={q} />
            <DocTitle title="报价汇总单" meta={`报价单号：${text(q.code)}`} />
            <QuotationFacts q={q} />
            <Section title="分类汇总">
              <Table<Group> size="small" bordered rowKey="key" columns={columns} dataSource={groups} pagination={false} locale={{ emptyText: '无明细' }} />
              <TotalLine caption="报价总额" fen={q.totalAmount} />
            </Section>
            {groups.map((g) => (
              <Section key={g.key} title={`${g.title}明细`}>
                <LinesTable items={g.lines} compact showCategory={false} />
                <div className="zb-doc-total">
                  <span>
                    {g.title}小计：<strong>{money(g.subtotal)}</strong>
                  </span>
                </div>
              </Section>
            ))}
          </>
        );
      }}
    </DocumentFrame>
  );
}
