import { useState } from 'react';
import { App, Button, Tooltip, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { resourceByKey } from '@domain/registry';
import { actionAuthority, backRefNames, meets, menuAuthority, menuPath } from '@domain/resource/framework';
import type { ResourceDef, RowOperation } from '@domain/resource/types';
import { confirmAction } from '../confirm';
import { runOperation, type ResourceRow } from './resourceApi';

/**
 * The operations a definition declares (e.g. 报价单 → 转为合同) as row actions: a button while the user
 * holds its authority, the row is in one of its states and — for an operation that must run once — no
 * row was made from it yet; once one was, a link to it (查看合同) instead. Pure decisions here, the
 * buttons below.
 */
export type OperationOffer =
  | { kind: 'run'; op: RowOperation }
  /** The row the operation made already exists: a link to it (`to`), or only a note when the user may not open its list. */
  | { kind: 'made'; op: RowOperation; from: string; target: ResourceDef; as: string; to: string | null };

/** The list of `target` filtered to one of its rows: `<api>/index?<by>=<value>`. */
export function filteredListPath(target: Pick<ResourceDef, 'api'>, by: string, value: unknown): string {
  return `${menuPath(target)}?${encodeURIComponent(by)}=${encodeURIComponent(String(value))}`;
}

export function operationOffer(def: ResourceDef, op: RowOperation, row: ResourceRow, authorities: readonly string[]): OperationOffer | null {
  const backRef = op.unlessBackRef ? def.backRefs?.find((b) => b.as === op.unlessBackRef) : undefined;
  if (backRef) {
    const names = backRefNames(backRef);
    const madeId = row[names.id];
    if (madeId !== null && madeId !== undefined) {
      const target = resourceByKey(backRef.resource);
      const shown = row[names.show];
      const canOpen = authorities.includes(menuAuthority(target)) && shown !== null && shown !== undefined && shown !== '';
      return { kind: 'made', op, from: def.title, target, as: backRef.as, to: canOpen ? filteredListPath(target, backRef.show, shown) : null };
    }
  }
  const authorityDef = op.authority.resource ? resourceByKey(op.authority.resource) : def;
  if (!authorities.includes(actionAuthority(authorityDef, op.authority.action))) return null;
  if (op.when && !meets(def, row, op.when)) return null;
  return { kind: 'run', op };
}

/** Every operation offer of a row, in the definition's order. */
export function operationOffers(def: ResourceDef, row: ResourceRow, authorities: readonly string[]): OperationOffer[] {
  const offers: OperationOffer[] = [];
  const seen = new Set<string>();
  for (const op of def.operations ?? []) {
    const offer = operationOffer(def, op, row, authorities);
    if (!offer) continue;
    // Two operations guarded by one back reference show its link once.
    if (offer.kind === 'made') {
      if (seen.has(offer.as)) continue;
      seen.add(offer.as);
    }
    offers.push(offer);
  }
  return offers;
}

const LINKED_STYLE = { padding: '0 7px', whiteSpace: 'nowrap' } as const;

/** 查看合同 (or 已生成合同 for a user who may not open the contract list). */
export function MadeLink({ offer }: { offer: Extract<OperationOffer, { kind: 'made' }> }) {
  const className = `zb-linked-${offer.as}`;
  if (!offer.to) {
    return (
      <Typography.Text type="secondary" className={className} style={LINKED_STYLE}>
        已生成{offer.target.title}
      </Typography.Text>
    );
  }
  return (
    <Tooltip title={`已由此${offer.from}生成${offer.target.title}，点击查看`}>
      <Link className={className} to={offer.to} style={LINKED_STYLE}>
        查看{offer.target.title}
      </Link>
    </Tooltip>
  );
}

/** The operation's button: asks, POSTs `<api>/<name>`, then opens the list of what it made. */
export function OperationButton({ def, op, row, onDone }: { def: ResourceDef; op: RowOperation; row: ResourceRow; onDone(): void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [running, setRunning] = useState(false);

  const run = async () => {
    if (!(await confirmAction({ title: `确认${op.label}`, content: op.confirm }))) return;
    setRunning(true);
    try {
      const { msg, data } = await runOperation(def, op, row.id);
      message.success(msg);
      onDone();
      const value = op.opens && data ? data[op.opens.by] : undefined;
      if (op.opens && value !== null && value !== undefined && value !== '') navigate(filteredListPath(resourceByKey(op.opens.resource), op.opens.by, value));
    } catch {
      // Refusals were shown by the error mapper.
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button type="link" size="small" loading={running} onClick={() => void run()}>
      {op.label}
    </Button>
  );
}
