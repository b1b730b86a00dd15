import { Empty } from 'antd';
import type { SharedContract } from '@domain/share/sharedDocuments.contracts';
import { DocumentFrame } from './DocumentFrame';
import { CONTRACT_PAGES } from './HtxxPage';
import { dateRange, DocTitle, Letterhead, LinesTable, money, Section, SignatureBlocks, text, TotalLine } from './parts';
import { useSharedDocument } from './useSharedDocument';

/** Goods category 1 = 展位 (domain/commerce/resources.ts GOODS_CATEGORIES). */
const BOOTH = 1;

/** /htxx/zwsx 展位确认书: the booths of a contract's quotation, as a printable letter to the exhibitor. */
export default function ZwsxPage() {
  const state = useSharedDocument<SharedContract>('zwsx');
  return (
    <DocumentFrame state={state} kind="zwsx" siblings={CONTRACT_PAGES}>
      {(c) => {
        const booths = c.items.filter((i) => i.category === BOOTH);
        const boothTotal = booths.reduce((s, i) => s + i.amount, 0);
        const project = c.project;
        return (
          <>
            <Letterhead doc={c} sub={project?.name} />
            <DocTitle title="展位确认书" meta={`合同编号：${text(c.code)}\u3000\u3000签订日期：${c.signDate}`} />
            <div className="zb-doc-letter">
              <div style={{ fontWeight: 600, marginBottom: 12 }}>致：{c.customer.name}</div>
              <p>
                感谢贵司参展{project ? `「${project.name}」` : ''}！根据双方签订的《{c.name}》，现确认贵司展位信息如下。
                {project && `展会时间：${dateRange(project.srq, project.erq)}；展会地点：${text(project.address)}。`}
              </p>
            </div>
            <Section title="展位信息">
              {booths.length > 0 ? (
                <>
                  <LinesTable items={booths} showCategory={false} />
                  <TotalLine caption="展位费用合计" fen={boothTotal} />
                </>
              ) : (
                <Empty description="该合同暂无展位明细，请与主办方联系确认" />
              )}
            </Section>
            <Section title="确认事项">
              <ol style={{ paddingLeft: 20, margin: 0 }}>
                <li>
                  合同总金额 {money(c.amount)}，其中展位费用 {money(boothTotal)}，付款按合同约定执行。
                </li>
                <li>展位号及位置以主办方最终发布的展位图为准；布展、撤展时间另行通知。</li>
                <li>请贵司核对以上信息，确认无误后签章回传主办方。</li>
              </ol>
            </Section>
            <SignatureBlocks left={{ title: '主办方（盖章）', name: c.organiserName }} right={{ title: '参展商确认（盖章）', name: c.customer.name }} date={c.signDate} />
          </>
        );
      }}
    </DocumentFrame>
  );
}
