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
  if (def.scope === 'activity') columns.push(scopeColumn(ACTIVITY_LABEL, 'activityName'));
  if (def.scope === 'project' || def.scope === 'activity') columns.push(scopeColumn(PROJECT_LABEL, 'projectName'));
  columns.push({ title: '创建时间', dataIndex: 'createdAt', key: 'createdAt', width: 170, sorter: true });
  return columns;
}
