import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Select } from 'antd';
import type { RequestParams } from '../../api/params';
import { formatMoney, parseYuanToFen } from '@domain/core/format';
import { resourceByKey } from '@domain/registry';
import { refLabelName } from '@domain/resource/framework';
import type { FieldDef, RefHint } from '@domain/resource/types';
import { listRows, type ResourceRow } from './resourceApi';

/**
 * A remote-search select over `<ref api>/list?keyword=`, labelled by the referenced resource's display
 * field: one row for a `ref` field, several for a `many` field (mode multiple). A field with a `refHint`
 * shows beside each name what is left on it ("（可开票 ¥20,000.00）") and marks the rows with nothing left.
 */
export interface RefSelectProps {
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** Search bar: one id to filter by, an "all" placeholder. */
  search?: boolean;
  /** Extra list filters (e.g. the customer already chosen). */
  refParams?: RequestParams;
  /** The row being edited: labels of the current values (customerName, serviceNames). */
  row?: ResourceRow | null;
  /** The picked row (ref fields), for forms that copy values from it. */
  onPick?: (row: ResourceRow | null) => void;
  placeholder: string;
  id?: string;
  disabled?: boolean;
  /** Outside a form item, where nothing else gives the select its width. */
  style?: CSSProperties;
}

const LIST_LIMIT = 50;

/** The money value a hint shows of a row, in fen (null when the row does not carry it). */
export function hintFen(hint: RefHint, row: Record<string, unknown>): number | null {
  const value = row[hint.show];
  return typeof value === 'string' || typeof value === 'number' ? parseYuanToFen(value) : null;
}

/** Whether a row has nothing left by its hint (e.g. a contract fully invoiced). */
export function isSpent(hint: RefHint | undefined, row: Record<string, unknown>): boolean {
  return Boolean(hint?.spentWhenZero) && hintFen(hint!, row) === 0;
}

/** "名称（可开票 ¥20,000.00）", with " — 已无余额" for a spent row. */
export function hintedLabel(name: string, hint: RefHint | undefined, row: Record<string, unknown>): string {
  if (!hint) return name;
  const fen = hintFen(hint, row);
  if (fen === null) return name;
  return `${name}（${hint.label} ${formatMoney(fen)}）${isSpent(hint, row) ? ' — 已无余额' : ''}`;
}

/**
 * What picking a row writes into the form besides the reference itself: the definition's `refFill`
 * (form field ← picked row's field) and the hint's `fill` (the amount prefilled with what remains; not
 * from a spent row).
 */
export function pickPatch(field: FieldDef, picked: ResourceRow | null): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (!picked) return patch;
  for (const [target, source] of Object.entries(field.refFill ?? {})) patch[target] = picked[source] ?? undefined;
  const hint = field.refHint;
  if (hint?.fill && !isSpent(hint, picked) && hintFen(hint, picked) !== null) patch[hint.fill] = picked[hint.show];
  return patch;
}

/** Labels of the current values known from the edited row: id → name. */
function knownLabels(field: FieldDef, row: ResourceRow | null | undefined): Map<number, string> {
  const known = new Map<number, string>();
  if (!row) return known;
  const ids = row[field.name];
  const labels = row[refLabelName(field)];
  if (Array.isArray(ids) && Array.isArray(labels)) ids.forEach((id, i) => typeof labels[i] === 'string' && known.set(Number(id), labels[i] as string));
  else if (typeof ids === 'number' && typeof labels === 'string') known.set(ids, labels);
  return known;
}

export function RefSelect(props: RefSelectProps) {
  const { field, value, onChange, search, refParams, row, onPick, id, placeholder, disabled, style } = props;
  const multiple = field.type === 'many' && !search;
  const target = resourceByKey(field.ref!);
  const hint = search ? undefined : field.refHint;
  const [rows, setRows] = useState<ResourceRow[]>([]);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const paramsKey = JSON.stringify(refParams ?? {});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let alive = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => {
        setLoading(true);
        listRows(target, { ...field.refQuery, ...(JSON.parse(paramsKey) as RequestParams), keyword: keyword || undefined, limit: LIST_LIMIT })
          .then((result) => {
            if (alive) setRows(result);
          })
          .catch(() => {
            // Shown by the error mapper.
          })
          .finally(() => {
            if (alive) setLoading(false);
          });
      },
      keyword ? 250 : 0,
    );
    return () => {
      alive = false;
      clearTimeout(timer.current);
    };
  }, [target, keyword, paramsKey, field.refQuery]);

  const options = useMemo(() => {
    const named = (r: ResourceRow) => String(r[target.display] ?? r.id);
    // Rows with nothing left come last, so the first choice offered is one that can be used.
    const ordered = hint ? [...rows.filter((r) => !isSpent(hint, r)), ...rows.filter((r) => isSpent(hint, r))] : rows;
    const list: Array<{ value: number; label: ReactNode; title?: string }> = ordered.map((r) => {
      const text = hintedLabel(named(r), hint, r);
      return isSpent(hint, r)
        ? { value: r.id, title: text, label: <span className="zb-ref-spent" style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{text}</span> }
        : { value: r.id, title: text, label: text };
    });
    // The current values stay labelled even when they are not among the first matches.
    const known = knownLabels(field, row);
    const current = Array.isArray(value) ? (value as number[]) : typeof value === 'number' ? [value] : [];
    for (const v of current) {
      const label = known.get(v);
      if (label && !list.some((o) => o.value === v)) list.unshift({ value: v, label, title: label });
    }
    return list;
  }, [rows, target.display, hint, field, row, value]);

  const firstSpent = hint !== undefined && rows.length > 0 && rows.every((r) => isSpent(hint, r));

  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={(multiple ? (value ?? []) : value) as number | number[] | undefined}
      onChange={(v: number | number[] | undefined) => {
        onChange?.(multiple && Array.isArray(v) && v.length === 0 ? undefined : v);
        if (!multiple) onPick?.(rows.find((r) => r.id === v) ?? null);
      }}
      onClear={() => setKeyword('')}
      placeholder={placeholder}
      allowClear
      loading={loading}
      options={options}
      defaultActiveFirstOption={!firstSpent}
      maxCount={multiple ? field.maxValue : undefined}
      notFoundContent={loading ? '加载中…' : '暂无数据'}
      style={style ?? (search ? { width: 220 } : undefined)}
      disabled={disabled}
    />
  );
}
