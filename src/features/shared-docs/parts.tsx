import type { ReactNode } from 'react';
import { Table, Tag, type TableColumnsType } from 'antd';
import type { SharedLetterhead, SharedLine, SharedProject } from '@domain/share/sharedDocuments.contracts';
import { LOGO_URL } from '../../layouts/brand';
import { formatMoney, toChineseMoneyFromFen } from '@domain/core/format';
import { GOODS_CATEGORIES } from '@domain/commerce/resources';
import { optionLabel } from '@domain/resource/framework';
import type { Option } from '@domain/resource/types';

/** Building blocks of the printable shared documents: letterhead, lines, totals, signatures. */

export const money = (fen: number | null | undefined) => formatMoney(fen ?? 0);
export const capital = (fen: number | null | undefined) => toChineseMoneyFromFen(fen ?? 0);
export const text = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '-' : String(value));
export const label = (options: readonly Option[], value: number | null | undefined) => optionLabel(options, value) ?? '-';

export function stateTag(options: readonly Option[], value: number | null | undefined) {
  const option = options.find((o) => o.value === value);
  return option ? <Tag color={option.color}>{option.label}</Tag> : <Tag>-</Tag>;
}

export function dateRange(from: string | null | undefined, to: string | null | undefined): string {
  if (!from && !to) return '-';
  if (from && to && from !== to) return `${from} 至 ${to}`;
  return String(from ?? to);
}

export function projectText(project: SharedProject | null): string {
  return project ? project.name : '-';
}

/** Our letterhead: the organiser's logo and name over a rule. */
export function Letterhead({ doc, sub }: { doc: SharedLetterhead; sub?: string }) {
  return (
    <div className="zb-doc-letterhead">
      <img src={doc.organiserLogo || LOGO_URL} alt="" />
      <div>
        <div className="zb-doc-letterhead-name">{doc.organiserName}</div>
        {sub && <div className="zb-doc-letterhead-sub">{sub}</div>}
      </div>
    </div>
  );
}

export function DocTitle({ title, meta }: { title: string; meta?: ReactNode }) {
  return (
    <>
      <h1 className="zb-doc-title">{title}</h1>
      {meta && <div className="zb-doc-meta">{meta}</div>}
    </>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="zb-doc-section">
      <h2 className="zb-doc-section-title">{title}</h2>
      {children}
    </section>
  );
}

/** 合计 in figures and in Chinese capitals. */
export function TotalLine({ caption = '合计金额', fen, extra }: { caption?: string; fen: number; extra?: ReactNode }) {
  return (
    <div className="zb-doc-total" data-testid="doc-total">
      {extra}
      <span>
        {caption}：<strong>{money(fen)}</strong>
      </span>
      <span>大写：{capital(fen)}</span>
    </div>
  );
}

type LineRow = SharedLine & { key: number; no: number };

/** Priced lines; `compact` drops the code and spec columns for the short layout. */
export function LinesTable({ items, compact = false, showCategory = true }: { items: readonly SharedLine[]; compact?: boolean; showCategory?: boolean }) {
  const rows: LineRow[] = items.map((item, i) => ({ ...item, key: i, no: i + 1 }));
  const columns: TableColumnsType<LineRow> = [
    { title: '序号', dataIndex: 'no', width: 56, align: 'center' },
    { title: '商品/服务', dataIndex: 'goodsName' },
    ...(showCategory ? [{ title: '类别', dataIndex: 'category', width: 90, render: (v: number | null) => label(GOODS_CATEGORIES, v) }] : []),
    ...(compact ? [] : [{ title: '规格', dataIndex: 'spec', width: 150, render: (v: string | null) => text(v) }]),
    { title: '单位', dataIndex: 'unit', width: 60, align: 'center', render: (v: string | null) => text(v) },
    { title: '单价', dataIndex: 'price', width: 130, align: 'right', render: (v: number) => money(v) },
    { title: '数量', dataIndex: 'quantity', width: 70, align: 'right' },
    { title: '折扣', dataIndex: 'discount', width: 70, align: 'right', render: (v: number) => (v === 100 ? '-' : `${v}%`) },
    { title: '金额', dataIndex: 'amount', width: 140, align: 'right', render: (v: number) => money(v) },
  ];
  return <Table<LineRow> size="small" bordered columns={columns} dataSource={rows} pagination={false} locale={{ emptyText: '无明细' }} />;
}

export interface SignParty {
  title: string;
  name: string;
}

/** Signature and seal blocks for printed letters. */
export function SignatureBlocks({ left, right, date }: { left: SignParty; right: SignParty; date?: string | null }) {
  const block = (party: SignParty, withDate: boolean) => (
    <div>
      <div style={{ fontWeight: 600 }}>{party.title}</div>
      <div>{party.name}</div>
      <div className="zb-doc-sign-line">
        <span>签字：</span>
        <span />
      </div>
      <div className="zb-doc-sign-line">
        <span>日期：</span>
        <span>{withDate && date ? date : ''}</span>
      </div>
    </div>
  );
  return (
    <div className="zb-doc-sign">
      {block(left, true)}
      {block(right, false)}
    </div>
  );
}
