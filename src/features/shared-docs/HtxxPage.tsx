import { Descriptions, Table, type TableColumnsType } from 'antd';
import type { SharedContract } from '@domain/share/sharedDocuments.contracts';
import type { SharePageKind } from '@domain/share/shareLinks.contracts';
import { AUDIT_STATES, CONTRACT_STATES, PAY_TERMS } from '@domain/sales/resources';
import { CONFIRM_STATES, INVOICE_STATES, INVOICE_TYPES, RECEIVABLE_KINDS } from '@domain/finance/resources';
import { DocumentFrame } from './DocumentFrame';
import { capital, dateRange, DocTitle, label, Letterhead, LinesTable, money, projectText, Section, stateTag, text, TotalLine } from './parts';
import { useSharedDocument } from './useSharedDocument';

/** A contract's two pages, opened by the same link. */
export const CONTRACT_PAGES: readonly SharePageKind[] = ['htxx', 'zwsx'];

type Receivable = SharedContract['receivables'][number];
type Invoice = SharedContract['invoices'][number];

/** /htxx/htxx 合同信息: parties, terms, amount (figures and capitals), items, money received and invoices. */
export default function HtxxPage() {
  const state = useSharedDocument<SharedContract>('htxx');
  return (
    <DocumentFrame state={state} kind="htxx" siblings={CONTRACT_PAGES}>
      {(c) => {
        const received = c.receivables.filter((r) => r.kind === 2 && r.confirmStatus === 1).reduce((s, r) => s + r.amount, 0);
        const receivableColumns: TableColumnsType<Receivable> = [
          { title: '类型', dataIndex: 'kind', width: 90, render: (v: number) => label(RECEIVABLE_KINDS, v) },
          { title: '期次', dataIndex: 'period', width: 60, align: 'center', render: (v: number | null) => text(v) },
          { title: '摘要', dataIndex: 'summary' },
          { title: '金额', dataIndex: 'amount', width: 140, align: 'right', render: (v: number) => money(v) },
          { title: '计划日期', dataIndex: 'planDate', width: 110, render: (v: string | null) => text(v) },
          { title: '到账日期', dataIndex: 'receivedDate', width: 110, render: (v: string | null) => text(v) },
          { title: '确认状态', dataIndex: 'confirmStatus', width: 90, render: (v: number, r) => (r.kind === 2 ? stateTag(CONFIRM_STATES, v) : '-') },
        ];
        const invoiceColumns: TableColumnsType<Invoice> = [
          { title: '发票类型', dataIndex: 'type', render: (v: number) => label(INVOICE_TYPES, v) },
          { title: '发票号码', dataIndex: 'invoiceNo', width: 120, render: (v: string | null) => text(v) },
          { title: '开票金额', dataIndex: 'amount', width: 140, align: 'right', render: (v: number) => money(v) },
          { title: '开票日期', dataIndex: 'issueDate', width: 110, render: (v: string | null) => text(v) },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => stateTag(INVOICE_STATES, v) },
        ];
        return (
          <>
            <Letterhead doc={c} sub={c.project?.name} />
            <DocTitle title="合同信息" meta={`合同编号：${text(c.code)}`} />
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 2 }}
              items={[
                { key: 'name', label: '合同名称', children: c.name, span: 2 },
                { key: 'we', label: '甲方（主办方）', children: c.organiserName },
                { key: 'customer', label: '乙方（客户）', children: c.customer.name },
                { key: 'address', label: '乙方地址', children: text(c.customer.address) },
                { key: 'credit', label: '统一社会信用代码', children: text(c.customer.creditCode) },
                { key: 'project', label: '所属项目', children: projectText(c.project) },
                { key: 'venue', label: '举办时间', children: dateRange(c.project?.srq, c.project?.erq) },
                { key: 'signDate', label: '签订日期', children: c.signDate },
                { key: 'term', label: '合同期限', children: dateRange(c.startDate, c.endDate) },
                { key: 'payTerms', label: '付款方式', children: label(PAY_TERMS, c.payTerms) },
                { key: 'signer', label: '甲方签约人', children: text(c.ourSigner) },
                { key: 'quotation', label: '关联报价单', children: text(c.quotationCode) },
                { key: 'audit', label: '审核状态', children: stateTag(AUDIT_STATES, c.auditStatus) },
                { key: 'status', label: '合同状态', children: stateTag(CONTRACT_STATES, c.status) },
                { key: 'amount', label: '合同金额', children: `${money(c.amount)}（大写：${capital(c.amount)}）`, span: 2 },
              ]}
            />
            {c.items.length > 0 && (
              <Section title="合同明细">
                <LinesTable items={c.items} />
              </Section>
            )}
            <Section title="回款计划与记录">
              <Table<Receivable>
                size="small"
                bordered
                rowKey={(r) => `${r.kind}-${r.period}-${r.summary}-${r.planDate}-${r.receivedDate}`}
                columns={receivableColumns}
                dataSource={c.receivables}
                pagination={false}
                locale={{ emptyText: '暂无回款计划或记录' }}
              />
              <TotalLine caption="已确认到账" fen={received} extra={<span>未收金额：{money(Math.max(0, c.amount - received))}</span>} />
            </Section>
            <Section title="已开发票">
              <Table<Invoice>
                size="small"
                bordered
                rowKey={(r) => `${r.invoiceNo}-${r.applyDate}-${r.amount}`}
                columns={invoiceColumns}
                dataSource={c.invoices}
                pagination={false}
                locale={{ emptyText: '暂无已开发票' }}
              />
            </Section>
            {c.remark && (
              <Section title="备注">
                <div style={{ whiteSpace: 'pre-wrap' }}>{c.remark}</div>
              </Section>
            )}
            <TotalLine caption="合同金额" fen={c.amount} />
          </>
        );
      }}
    </DocumentFrame>
  );
}
