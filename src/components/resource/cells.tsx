import { Tag, Typography, type TableColumnsType } from 'antd';
import { formatMoney, parseYuanToFen, toChineseMoneyFromFen } from '../../shared/format';
import { formatDate } from '../../lib/dateFormat';
import { isMoney, MACHINE_META, PROJECT_LABEL, refLabelName } from '../../shared/resources/framework';
import type { FieldDef, ResourceDef } from '../../shared/resources/types';
import { StatusTag } from '../StatusTag';
import type { ResourceRow } from './resourceApi';

/**
 * Money as the wire sends it (yuan text) shown with thousands separators, and — for contract and invoice
 * totals — with its amount in Chinese capitals (spec §9) underneath.
 */
export function MoneyText({ yuan, capital }: { yuan: unknown; capital?: boolean }) {
  const fen = typeof yuan === 'string' || typeof yuan === 'number' ? parseYuanToFen(yuan) : null;
  if (fen === null) return <>-</>;
  return (
    <span className="zb-money">
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(fen)}</span>
      {capital && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {toChineseMoneyFromFen(fen)}
        </Typography.Text>
      )}
    </span>
  );
}

/** What a field's cell shows. */
export function renderField(field: FieldDef, row: ResourceRow) {
  const value = row[field.name];
  switch (field.type) {
    case 'ref':
      return (row[refLabelName(field)] as string | null) ?? '-';
    case 'enum': {
      const option = field.options?.find((o) => o.value === value);
      if (!option) return '-';
      return option.color ? <Tag color={option.color}>{option.label}</Tag> : option.label;
    }
    case 'money':
    case 'price':
      return <MoneyText yuan={value} capital={field.capital} />;
    case 'percent':
      return value === null || value === undefined ? '-' : `${String(value)}%`;
    case 'date':
      return formatDate(value as string | null);
    default:
      return value === null || value === undefined || value === '' ? '-' : String(value);
  }
}

/** The list columns of a definition: its list fields, its project, its states, and when it was created. */
export function resourceColumns(def: ResourceDef): TableColumnsType<ResourceRow> {
  const columns: TableColumnsType<ResourceRow> = def.fields
    .filter((f) => f.list)
    .map((field) => ({
      title: field.label,
      dataIndex: field.name,
      key: field.name,
      width: field.width,
      sorter: field.sortable ? true : undefined,
      ellipsis: field.type === 'text' || field.type === 'textarea' || field.type === 'ref' ? { showTitle: true } : undefined,
      align: isMoney(field) ? ('right' as const) : undefined,
      render: (_: unknown, row: ResourceRow) => renderField(field, row),
    }));
  for (const machine of def.machines ?? []) {
    const name = MACHINE_META[machine.kind].field;
    columns.push({
      title: machine.label,
      dataIndex: name,
      key: name,
      width: 100,
      sorter: true,
      render: (v: number) => <StatusTag value={v} options={machine.states.map((s) => ({ value: s.value, label: s.label, color: s.color ?? 'default' }))} />,
    });
  }
  if (def.scope === 'project') {
    columns.push({ title: PROJECT_LABEL, dataIndex: 'projectName', key: 'projectName', width: 220, ellipsis: { showTitle: true }, render: (v: string | null) => v ?? '-' });
  }
  columns.push({ title: '创建时间', dataIndex: 'createdAt', key: 'createdAt', width: 170, sorter: true });
  return columns;
}

