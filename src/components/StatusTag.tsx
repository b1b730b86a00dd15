import { Tag } from 'antd';

export interface StatusOption {
  value: number;
  label: string;
  color: string;
}

/** A status value shown as a coloured tag from its dictionary; unknown values show as-is. */
export function StatusTag({ value, options }: { value: number | null | undefined; options: readonly StatusOption[] }) {
  const option = options.find((o) => o.value === value);
  if (!option) return <Tag>{value ?? '-'}</Tag>;
  return <Tag color={option.color}>{option.label}</Tag>;
}
