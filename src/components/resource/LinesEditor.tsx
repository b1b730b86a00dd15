import { Button, Form, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatMoney, parseYuanToFen, toChineseMoneyFromFen } from '@domain/core/format';
import { inputFields, lineAmountFen } from '@domain/resource/framework';
import type { FieldDef, LinesDef, ResourceDef } from '@domain/resource/types';
import { FieldInput } from './FieldInput';
import { fieldInput } from './fieldInputs';
import { formRule, toFormValue } from './fieldValues';
import { pickPatch } from './RefSelect';
import type { ResourceRow } from './resourceApi';

/**
 * Line items inside a form: one row of inputs per line, each checked with its fields' rules. Priced lines
 * (quotations, orders) also show each line's amount and the total, computed with the same integer
 * arithmetic the server uses, the total also in Chinese capitals; plain lines (a team's members) do not.
 * A save needs at least `minLines` lines (default 1).
 */
export interface LinesEditorProps {
  def: ResourceDef;
  lines: LinesDef;
  form: FormInstance;
  row: ResourceRow | null;
  values: Record<string, unknown>;
}

/** A line's amount in fen from what is typed, or null while something is missing or malformed. */
export function previewAmount(lines: LinesDef, line: Record<string, unknown> | undefined): number | null {
  if (!line || !lines.pricing) return null;
  const { price, quantity, discount } = lines.pricing;
  const priceFen = parseYuanToFen(line[price] as string | undefined);
  const qty = Number(line[quantity]);
  const rate = discount ? Number(line[discount] ?? 100) : 100;
  if (priceFen === null || !Number.isInteger(qty) || qty < 0 || !Number.isInteger(rate) || rate < 0 || rate > 100) return null;
  return lineAmountFen(priceFen, qty, rate);
}

const columnWidth = (field: FieldDef) => fieldInput(field).lineWidth;

/** The message of a form with too few lines: 请至少添加一条团队成员 / 请至少添加3条…. */
export function minLinesMessage(lines: LinesDef): string {
  const min = lines.minLines ?? 1;
  return `请至少添加${min === 1 ? '一' : min}条${lines.label}`;
}

export function LinesEditor({ def, lines, form, row, values }: LinesEditorProps) {
  const fields = inputFields(lines);
  const priced = Boolean(lines.pricing);
  const minLines = lines.minLines ?? 1;
  const current = (values[lines.name] as Array<Record<string, unknown>> | undefined) ?? [];
  const amounts = current.map((line) => previewAmount(lines, line));
  const total = amounts.every((a) => a !== null) ? amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0) : null;
  const savedLines = (row?.[lines.name] as ResourceRow[] | undefined) ?? [];
  const grid = `${fields.map(columnWidth).join(' ')}${priced ? ' 110px' : ''} 32px`;

  return (
    // Scrolls sideways in a narrow window rather than spilling out of the form.
    <div className="zb-lines" style={{ overflowX: 'auto' }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {lines.label}
      </Typography.Title>
      <div style={{ display: 'grid', gridTemplateColumns: grid, gap: 8, fontWeight: 500, marginBottom: 4 }}>
        {fields.map((f) => (
          <span key={f.name}>
            {f.required && <span style={{ color: '#ff4d4f' }}>* </span>}
            {f.label}
          </span>
        ))}
        {priced && <span style={{ textAlign: 'right' }}>金额</span>}
        <span />
      </div>
      <Form.List
        name={lines.name}
        rules={[{ validator: (_, value: unknown[] | undefined) => ((value?.length ?? 0) >= minLines ? Promise.resolve() : Promise.reject(new Error(minLinesMessage(lines)))) }]}
      >
        {(items, { add, remove }, { errors }) => (
          <>
            {items.map((item, index) => (
              <div key={item.key} style={{ display: 'grid', gridTemplateColumns: grid, gap: 8, alignItems: 'start' }} data-line={index}>
                {fields.map((field) => {
                  const onPick =
                    (field.refFill || field.refHint?.fill) &&
                    ((picked: ResourceRow | null) => {
                      for (const [target, value] of Object.entries(pickPatch(field, picked))) form.setFieldValue([lines.name, item.name, target], value);
                    });
                  // Choices narrowed by the parent form (e.g. the goods of the quotation's project).
                  const refParams = field.refFilter
                    ? Object.fromEntries(
                        Object.entries(field.refFilter)
                          .map(([param, source]) => [param, values[source]] as const)
                          .filter(([, v]) => v !== undefined && v !== null && v !== ''),
                      )
                    : undefined;
                  return (
                    <Form.Item key={field.name} name={[item.name, field.name]} rules={[formRule(field)]} style={{ marginBottom: 12 }}>
                      <FieldInput
                        field={field}
                        refParams={refParams as Record<string, string | number> | undefined}
                        row={savedLines[index] ?? null}
                        def={def}
                        onPick={onPick || undefined}
                      />
                    </Form.Item>
                  );
                })}
                {priced && (
                  <span style={{ textAlign: 'right', lineHeight: '32px', fontVariantNumeric: 'tabular-nums' }} data-testid="line-amount">
                    {amounts[index] === null || amounts[index] === undefined ? '-' : formatMoney(amounts[index])}
                  </span>
                )}
                <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除此行" onClick={() => remove(item.name)} />
              </div>
            ))}
            <Form.Item style={{ marginBottom: 8 }}>
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={items.length >= lines.maxLines}
                onClick={() => add(Object.fromEntries(fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, toFormValue(f, f.defaultValue)])))}
              >
                添加{lines.label}
              </Button>
              <Form.ErrorList errors={errors} />
            </Form.Item>
          </>
        )}
      </Form.List>
      {priced && (
        <div style={{ textAlign: 'right' }} data-testid="lines-total">
          合计：<strong>{total === null ? '-' : formatMoney(total)}</strong>
          {total !== null && total > 0 && (
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              （{toChineseMoneyFromFen(total)}）
            </Typography.Text>
          )}
        </div>
      )}
    </div>
  );
}
