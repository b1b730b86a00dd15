import type { SharedQuotation } from '@domain/share/sharedDocuments.contracts';
import { DocumentFrame } from './DocumentFrame';
import { dateRange, DocTitle, Letterhead, LinesTable, Section, SignatureBlocks, text, TotalLine } from './parts';
import { contactText, QUOTATION_PAGES } from './quotationParts';
import { useSharedDocument } from './useSharedDocument';

/** /bjdxx/bjdxxSzZg 报价单（正规）: a formal quotation letter on our letterhead, with seal blocks. */
export default function BjdxxSzZgPage() {
  const state = useSharedDocument<SharedQuotation>('bjdxxSzZg');
  return (
    <DocumentFrame state={state} kind="bjdxxSzZg" siblings={QUOTATION_PAGES}>
      {(q) => (
        <>
          <Letterhead doc={q} sub={q.project?.name} />
          <DocTitle title="报 价 函" meta={`编号：${text(q.code)}\u3000\u3000日期：${q.quoteDate}`} />
          <div className="zb-doc-letter">
            <div style={{ fontWeight: 600, marginBottom: 4 }}>致：{q.customer.name}</div>
            {q.contact && <div style={{ marginBottom: 12 }}>联系人：{contactText(q)}</div>}
            <p>
              感谢贵司对{q.project ? `「${q.project.name}」` : '我司项目'}的关注与支持！根据贵司需求，现就「{q.title}」报价如下，敬请审阅。
            </p>
          </div>
          <Section title="报价明细">
            <LinesTable items={q.items} />
            <TotalLine caption="报价总额" fen={q.totalAmount} />
          </Section>
          <Section title="报价说明">
            <ol style={{ paddingLeft: 20, margin: 0 }}>
              <li>本报价有效期至 {text(q.validUntil)}，逾期请与我司重新确认。</li>
              {q.project && (
                <li>
                  项目时间：{dateRange(q.project.srq, q.project.erq)}；项目地点：{text(q.project.address)}。
                </li>
              )}
              <li>贵司确认本报价后，我司将据此拟定正式合同，款项以合同约定为准。</li>
              {q.remark && <li style={{ whiteSpace: 'pre-wrap' }}>{q.remark}</li>}
            </ol>
          </Section>
          <SignatureBlocks left={{ title: '报价方（盖章）', name: q.organiserName }} right={{ title: '客户确认（盖章）', name: q.customer.name }} date={q.quoteDate} />
        </>
      )}
    </DocumentFrame>
  );
}
