import type { TableColumnsType } from 'antd';
import { ACTIVITY_LABEL, isMoney, PROJECT_LABEL } from '@domain/resource/framework';
import type { FieldDef, ResourceDef } from '@domain/resource/types';
import { StatusTag } from '../StatusTag';
import { fieldInput } from './fieldInputs';
import type { ResourceRow } from './resourceApi';

export { MoneyText } from './MoneyText';

/** What a field's cell shows (the registry's cell of its type). */
export function renderField(def: ResourceDef, field: FieldDef, row: ResourceRow) {
  return fieldInput(field).cell(field, row, def);
}

/** The narrowest column whose header stays on one line: its characters, the cell padding and the sort icon. */
export function headerWidth(label: string, sortable?: boolean): number {
  return Array.from(label).length * 14 + 32 + (sortable ? 24 : 0);
}

const plain = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

const scopeColumn = (title: string, name: string) => ({
  title,
  dataIndex: name,
  key: name,
  width: 220,
  ellipsis: { showTitle: true },
  render: (v: string | null) => v ?? '-',
});

/**
 * The list columns of a definition: its list fields, its states, the activity and project it belongs to,
 * and when it was created.
 */
export function resourceColumns(def: ResourceDef): TableColumnsType<ResourceRow> {
  const columns: TableColumnsType<ResourceRow> = def.fields
    .filter((f) => f.list)
    .map((field) => ({
      title: field.label,
      dataIndex: field.name,
      key: field.name,
      width: field.width === undefined ? undefined : Math.max(field.width, headerWidth(field.label, field.sortable)),
      sorter: field.sortable ? true : undefined,
      ellipsis: fieldInput(field).ellipsis ? { showTitle: true } : undefined,
      align: isMoney(field) ? ('right' as const) : undefined,
      render: (_: unknown, row: ResourceRow) => renderField(def, field, row),
    }));
  // States come right after the two columns that name the row (a code and a name, a company and its
  // booth…), so they stay in view on wide lists instead of hiding behind the sideways scroll.
  const stateAt = Math.min(2, columns.length);
  for (const [i, machine] of (def.machines ?? []).entries()) {
    const options = machine.states.map((s) => ({ value: s.value, label: s.label, color: s.color ?? 'default' }));
    columns.splice(stateAt + i, 0, {
      title: machine.label,
      dataIndex: machine.field,
      key: machine.field,
      width: Math.max(100, headerWidth(machine.label, true)),
      sorter: true,
      render: (v: number) => <StatusTag value={v} options={options} />,
    });
  }
  // How many of a multi-reference are taken out of another field (已乘 12/45), beside the fields.
  for (const field of def.fields.filter((f) => f.listCount)) {
    const { of, prefix, width } = field.listCount!;
    columns.push({
      title: field.label,
      key: `${field.name}Count`,
      width,
      render: (_: unknown, row: ResourceRow) => {
        const taken = Array.isArray(row[field.name]) ? (row[field.name] as unknown[]).length : 0;
        const total = row[of];
        return `${prefix} ${taken}/${typeof total === 'number' ? total : '-'}`;
      },
    });
  }
  // Lines the rows carry (a shuttle's stops): each line's values in order, one after the other.
  if (def.lines?.listWidth) {
    const lines = def.lines;
    columns.push({
      title: lines.label,
      key: lines.name,
      width: lines.listWidth,
      render: (_: unknown, row: ResourceRow) => {
        const items = Array.isArray(row[lines.name]) ? (row[lines.name] as ResourceRow[]) : [];
        if (items.length === 0) return '-';
        return (
          <span className="zb-lines-cell">
            {items.map((line, i) => (
              <span key={line.id ?? i}>
                {i > 0 && ' → '}
                {lines.fields.map((f) => plain(line[f.name])).filter(Boolean).join(' ')}
              </span>
            ))}
          </span>
        );
      },
    });
  }
  if (def.scope === 'activity') columns.push(scopeColumn(ACTIVITY_LABEL, 'activityName'));
  if (def.scope === 'project' || def.scope === 'activity') columns.push(scopeColumn(PROJECT_LABEL, 'projectName'));
  columns.push({ title: '创建时间', dataIndex: 'createdAt', key: 'createdAt', width: 170, sorter: true });
  return columns;
}
