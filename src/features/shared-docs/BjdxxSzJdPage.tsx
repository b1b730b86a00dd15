import type { SharedQuotation } from '@domain/share/sharedDocuments.contracts';
import { DocumentFrame } from './DocumentFrame';
import { DocTitle, Letterhead, LinesTable, Section, text, TotalLine } from './parts';
import { QUOTATION_PAGES, QuotationFacts } from './quotationParts';
import { useSharedDocument } from './useSharedDocument';

/** /bjdxx/bjdxxSzJd 报价单（简洁）: the quotation itemised on one compact page. */
export default function BjdxxSzJdPage() {
  const state = useSharedDocument<SharedQuotation>('bjdxxSzJd');
  return (
    <DocumentFrame state={state} kind="bjdxxSzJd" siblings={QUOTATION_PAGES}>
      {(q) => (
        <>
          <Letterhead doc={q} />
          <DocTitle title="报价单" meta={`报价单号：${text(q.code)}`} />
          <QuotationFacts q={q} />
          <Section title="报价明细">
            <LinesTable items={q.items} compact />
            <TotalLine caption="报价总额" fen={q.totalAmount} />
          </Section>
          {q.remark && (
            <Section title="备注">
              <div style={{ whiteSpace: 'pre-wrap' }}>{q.remark}</div>
            </Section>
          )}
        </>
      )}
    </DocumentFrame>
  );
}
