import { useEffect, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { Alert, Button, Modal, Progress } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { QRCodeSVG } from 'qrcode.react';
import { ApiError } from '@/api/errors';
import type { BadgeData, BadgeSize, BadgeTemplate } from '@domain/meeting/personBulk.contracts';
import { badgePage, type BulkSelection } from './personBulkApi';
import './persons.css';

/**
 * 打印胸卡: badges of the chosen persons — the ticked ones, or every person matching the list's filter
 * (fetched page after page, with a progress bar) — each laid out by its activity's 胸卡 template: the
 * paper (A4 with 8 or 4 badges, a 86 × 54 mm card, a 100 × 140 mm lanyard card), the fields shown, the
 * colour band of its 人员类别. The preview is drawn in millimetres at the printed size; 打印 prints a
 * copy that lives directly under <body>, on named pages (@page) of the same size (persons.css).
 */

/** A sheet of paper of a size: its millimetres, its margins and how many badges it holds. */
export interface BadgeLayout {
  size: BadgeSize;
  perPage: number;
  /** Paper, mm. */
  paper: { width: number; height: number };
  /** One badge, mm. */
  badge: { width: number; height: number };
  /** What the title says of the paper. */
  paperLabel: string;
}

export const BADGE_LAYOUTS: Record<BadgeSize, BadgeLayout> = {
  a4x8: { size: 'a4x8', perPage: 8, paper: { width: 210, height: 297 }, badge: { width: 95, height: 68 }, paperLabel: 'A4' },
  a4x4: { size: 'a4x4', perPage: 4, paper: { width: 210, height: 297 }, badge: { width: 95, height: 138 }, paperLabel: 'A4' },
  card: { size: 'card', perPage: 1, paper: { width: 86, height: 54 }, badge: { width: 86, height: 54 }, paperLabel: '86×54 mm 卡片' },
  lanyard: { size: 'lanyard', perPage: 1, paper: { width: 100, height: 140 }, badge: { width: 100, height: 140 }, paperLabel: '100×140 mm 挂绳卡' },
};

/** Badges per A4 page of the default template (kept for callers that print the default sheet). */
export const BADGES_PER_PAGE = BADGE_LAYOUTS.a4x8.perPage;

/** The template of a badge's activity; the default one (A4 8-up, every field) when none came. */
export const DEFAULT_TEMPLATE: Omit<BadgeTemplate, 'activityId'> = { size: 'a4x8', company: true, jobTitle: true, seat: true, qr: true, kindBand: true };

/** Names are mostly two to four characters, but may run to thirty: longer ones get a smaller size instead of an ellipsis. */
export function nameSize(name: string): 'l' | 'm' | 's' | 'xs' {
  const length = Array.from(name).length;
  return length <= 5 ? 'l' : length <= 8 ? 'm' : length <= 12 ? 's' : 'xs';
}

export interface BadgeSheet {
  layout: BadgeLayout;
  badges: BadgeData[];
  templates: Array<Omit<BadgeTemplate, 'activityId'>>;
}

/** Badges onto sheets: in their order, a new sheet when one is full or the paper changes. */
export function badgeSheets(badges: readonly BadgeData[], templates: readonly BadgeTemplate[]): BadgeSheet[] {
  const byActivity = new Map(templates.map((t) => [t.activityId, t]));
  const sheets: BadgeSheet[] = [];
  for (const badge of badges) {
    const template = byActivity.get(badge.activityId) ?? DEFAULT_TEMPLATE;
    const layout = BADGE_LAYOUTS[template.size];
    const last = sheets[sheets.length - 1];
    if (last && last.layout === layout && last.badges.length < layout.perPage) {
      last.badges.push(badge);
      last.templates.push(template);
    } else sheets.push({ layout, badges: [badge], templates: [template] });
  }
  return sheets;
}

/** 「N 张，M 页 A4」, or the card size when the sheets are cards. */
export function sheetsLabel(sheets: readonly BadgeSheet[]): string {
  const count = sheets.reduce((n, s) => n + s.badges.length, 0);
  const papers = [...new Set(sheets.map((s) => s.layout.paperLabel))];
  return `${count} 张，${sheets.length} 页${papers.length === 1 ? ` ${papers[0]}` : ''}`;
}

function Badge({ badge, template, size }: { badge: BadgeData; template: Omit<BadgeTemplate, 'activityId'>; size: BadgeSize }) {
  const band = template.kindBand ? ` zb-badge-band-${badge.kind}` : '';
  return (
    <div className={`zb-badge zb-badge--${size}${band}`} data-badge-no={badge.badgeNo ?? undefined}>
      <div className="zb-badge-activity">{badge.activityName}</div>
      <div className="zb-badge-body">
        <div className="zb-badge-text">
          <div className={`zb-badge-name zb-badge-name-${nameSize(badge.name)}`}>{badge.name}</div>
          {template.company && badge.company && <div className="zb-badge-company">{badge.company}</div>}
          {template.jobTitle && badge.jobTitle && <div className="zb-badge-job">{badge.jobTitle}</div>}
          {template.seat && badge.seat && <div className="zb-badge-seat">座位：{badge.seat}</div>}
        </div>
        {/* The bare personal code: gates take it as it is (or as ?code= of an address). */}
        {template.qr && badge.code && (
          <QRCodeSVG className="zb-badge-qr" value={badge.code} size={104} marginSize={1} title={`${badge.name}的个人二维码`} data-qr-value={badge.code} />
        )}
      </div>
      <div className="zb-badge-foot">
        <span className={`zb-badge-kind zb-badge-kind-${badge.kind}`}>{badge.kindLabel}</span>
        <span className="zb-badge-no">{badge.badgeNo}</span>
      </div>
    </div>
  );
}

/** The sheets at their printed size. */
export function BadgeSheets({ sheets }: { sheets: readonly BadgeSheet[] }) {
  return (
    <>
      {sheets.map((sheet, i) => (
        <div className={`zb-badge-page zb-badge-sheet--${sheet.layout.size}`} key={i}>
          {sheet.badges.map((badge, j) => (
            <Badge key={badge.id} badge={badge} template={sheet.templates[j]} size={sheet.layout.size} />
          ))}
        </div>
      ))}
    </>
  );
}

/**
 * Whether the page is being printed. The print copy of the badges doubles the DOM of a large preview, so
 * it is drawn only then: `beforeprint` (打印 and the browser's own print) renders it synchronously before the
 * page is laid out for paper, and the `print` media query's change covers an emulated print medium
 * (Playwright's emulateMedia), which fires no beforeprint.
 */
export function usePrinting(active: boolean): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!active) return;
    const query = window.matchMedia('print');
    setPrinting(query.matches);
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(query.matches);
    const changed = (event: MediaQueryListEvent) => setPrinting(event.matches);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    query.addEventListener('change', changed);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      query.removeEventListener('change', changed);
    };
  }, [active]);
  return active && printing;
}

export interface BadgePrintProps {
  /** The persons to print, in this order; null when closed (the check-in desk prints one person so). */
  ids?: readonly number[] | null;
  /** Or every person of a selection (the list's filter); null when closed. */
  selection?: BulkSelection | null;
  onClose: () => void;
}

interface Loaded {
  badges: BadgeData[];
  templates: BadgeTemplate[];
}

export function BadgePrint({ ids = null, selection = null, onClose }: BadgePrintProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const wanted: BulkSelection | null = selection ?? (ids ? { kind: 'ids', ids } : null);
  const key = wanted ? JSON.stringify(wanted) : '';

  useEffect(() => {
    if (!key) return;
    const chosen = JSON.parse(key) as BulkSelection;
    let alive = true;
    setLoaded(null);
    setFailed(null);
    setProgress(null);
    void (async () => {
      try {
        const badges: BadgeData[] = [];
        const templates = new Map<number, BadgeTemplate>();
        let total = Infinity;
        while (alive && badges.length < total) {
          const page = await badgePage(chosen, badges.length);
          total = page.total;
          badges.push(...page.badges);
          for (const t of page.templates) templates.set(t.activityId, t);
          if (page.badges.length === 0) break;
          if (alive) setProgress({ done: badges.length, total });
        }
        if (alive) setLoaded({ badges, templates: [...templates.values()] });
      } catch (error) {
        // Already shown by the error mapper; the modal says it too instead of spinning on.
        if (alive) setFailed(error instanceof ApiError ? error.message : '胸卡数据加载失败');
      }
    })();
    return () => {
      alive = false;
    };
  }, [key]);

  const sheets = loaded ? badgeSheets(loaded.badges, loaded.templates) : null;
  const open = wanted !== null;
  const printing = usePrinting(open && sheets !== null);
  return (
    <>
      <Modal
        title={`打印胸卡${sheets ? `（${sheetsLabel(sheets)}）` : ''}`}
        open={open}
        width={900}
        onCancel={onClose}
        destroyOnHidden
        footer={[
          <Button key="close" onClick={onClose}>
            关闭
          </Button>,
          <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!sheets?.length} onClick={() => window.print()}>
            打印
          </Button>,
        ]}
      >
        {failed ? (
          <Alert type="error" showIcon title={failed} />
        ) : sheets ? (
          <div className="zb-badge-preview">
            <BadgeSheets sheets={sheets} />
          </div>
        ) : (
          <div className="zb-import-busy">
            <Progress percent={progress ? Math.round((progress.done / progress.total) * 100) : 0} status="active" />
            <span>{progress ? `已读取 ${progress.done} / ${progress.total} 张胸卡` : '正在读取胸卡数据…'}</span>
          </div>
        )}
      </Modal>
      {open && sheets && printing &&
        createPortal(
          <div className="zb-badge-print" aria-hidden>
            <BadgeSheets sheets={sheets} />
          </div>,
          document.body,
        )}
    </>
  );
}
