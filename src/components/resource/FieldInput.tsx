import { useEffect, useMemo, useRef, useState } from 'react';
import { DatePicker, Input, InputNumber, Select, type SelectProps } from 'antd';
import { resourceByKey } from '../../shared/resources';
import { refLabelName, textMax } from '../../shared/resources/framework';
import type { FieldDef } from '../../shared/resources/types';
import type { RequestParams } from '../../api/params';
import { listRows, projectOptions, type ProjectOption, type ResourceRow } from './resourceApi';

/**
 * The input of one field type, for forms and search bars: text, text area, whole numbers, money (yuan
 * text, validated by the library rather than coerced by a number input), dates, choices and references.
 */
export interface FieldInputProps {
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** Search bar: no length counter, an "all" placeholder. */
  search?: boolean;
  /** ref: extra list filters (e.g. the customer already chosen). */
  refParams?: RequestParams;
  /** ref: the label of the current value, known from the row being edited. */
  refLabel?: string | null;
  /** ref: the picked row, for forms that copy values from it. */
  onPick?: (row: ResourceRow | null) => void;
  id?: string;
  disabled?: boolean;
}

export function FieldInput(props: FieldInputProps) {
  const { field, value, onChange, search, id, disabled } = props;
  const placeholder = field.placeholder ?? (field.type === 'enum' || field.type === 'ref' || field.type === 'date' ? (search ? '全部' : `请选择${field.label}`) : `请输入${field.label}`);
  switch (field.type) {
    case 'textarea':
      if (!search) {
        return (
          <Input.TextArea
            id={id}
            value={value as string | undefined}
            onChange={(e) => onChange?.(e.target.value)}
            placeholder={placeholder}
            maxLength={textMax(field)}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
            disabled={disabled}
          />
        );
      }
      return <Input id={id} value={value as string | undefined} onChange={(e) => onChange?.(e.target.value)} placeholder={placeholder} allowClear />;
    case 'text':
      return (
        <Input
          id={id}
          value={value as string | undefined}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={placeholder}
          allowClear={search}
          disabled={disabled}
        />
      );
    case 'int':
    case 'percent':
    case 'quantity':
      return (
        <InputNumber
          id={id}
          value={value as number | undefined}
          onChange={(v) => onChange?.(v ?? undefined)}
          placeholder={placeholder}
          precision={0}
          min={field.type === 'percent' ? 0 : field.type === 'quantity' ? 1 : field.min}
          max={field.type === 'percent' ? 100 : field.maxValue}
          suffix={field.type === 'percent' ? '%' : undefined}
          style={{ width: '100%' }}
          disabled={disabled}
        />
      );
    case 'money':
    case 'price':
      return (
        <Input
          id={id}
          value={value as string | undefined}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={placeholder}
          prefix="¥"
          inputMode="decimal"
          disabled={disabled}
        />
      );
    case 'date':
      return (
        <DatePicker
          id={id}
          value={value as never}
          onChange={(v) => onChange?.(v ?? undefined)}
          placeholder={placeholder}
          style={{ width: '100%' }}
          disabled={disabled}
        />
      );
    case 'enum':
      return (
        <Select
          id={id}
          value={value as number | undefined}
          onChange={(v) => onChange?.(v)}
          placeholder={placeholder}
          allowClear
          options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          style={search ? { width: 150 } : undefined}
          disabled={disabled}
        />
      );
    case 'ref':
      return <RefSelect {...props} placeholder={placeholder} />;
  }
}

/** A remote-search select over `<ref api>/list?keyword=`, labelled by the referenced resource's display field. */
export function RefSelect(props: FieldInputProps & { placeholder: string }) {
  const { field, value, onChange, search, refParams, refLabel, onPick, id, placeholder, disabled } = props;
  const target = resourceByKey(field.ref!);
  const [rows, setRows] = useState<ResourceRow[]>([]);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const paramsKey = JSON.stringify(refParams ?? {});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let alive = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLoading(true);
      listRows(target, { ...field.refQuery, ...(JSON.parse(paramsKey) as RequestParams), keyword: keyword || undefined, limit: 50 })
        .then((result) => {
          if (alive) setRows(result);
        })
        .catch(() => {
          // Shown by the error mapper.
        })
        .finally(() => {
          if (alive) setLoading(false);
        });
    }, keyword ? 250 : 0);
    return () => {
      alive = false;
      clearTimeout(timer.current);
    };
  }, [target, keyword, paramsKey, field.refQuery]);

  const options = useMemo<SelectProps['options']>(() => {
    const list = rows.map((row) => ({ value: row.id, label: String(row[target.display] ?? row.id) }));
    // The current value stays labelled even when it is not among the first matches.
    if (typeof value === 'number' && !list.some((o) => o.value === value) && refLabel) list.unshift({ value, label: refLabel });
    return list;
  }, [rows, target.display, value, refLabel]);

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value as number | undefined}
      onChange={(v: number | undefined) => {
        onChange?.(v);
        onPick?.(rows.find((r) => r.id === v) ?? null);
      }}
      onClear={() => setKeyword('')}
      placeholder={placeholder}
      allowClear
      loading={loading}
      options={options}
      notFoundContent={loading ? '加载中…' : '暂无数据'}
      style={search ? { width: 220 } : undefined}
      disabled={disabled}
    />
  );
}

/** The caller's working projects as a select (the wire's cnfId). */
export function ProjectSelect(props: { value?: unknown; onChange?: (value: unknown) => void; search?: boolean; id?: string }) {
  const [options, setOptions] = useState<ProjectOption[]>([]);
  useEffect(() => {
    let alive = true;
    projectOptions()
      .then((list) => {
        if (alive) setOptions(list);
      })
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, []);
  return (
    <Select
      id={props.id}
      value={props.value as number | undefined}
      onChange={(v) => props.onChange?.(v)}
      placeholder={props.search ? '全部' : '请选择所属项目'}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={options.map((p) => ({ value: p.id, label: p.name }))}
      style={props.search ? { width: 240 } : undefined}
    />
  );
}

/** refLabel of a row being edited: customerId → row.customerName. */
export function refLabelOf(field: FieldDef, row: ResourceRow | null): string | null {
  const label = row?.[refLabelName(field)];
  return typeof label === 'string' ? label : null;
}
