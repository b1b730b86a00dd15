import { WORK_STATUS_LABELS } from '@domain/works/works.contracts';
import { StatusTag, type StatusOption } from './StatusTag';

/** Competition work statuses with their colours: the user's own list and the public pages show the same tags. */
const COLORS: Readonly<Record<number, string>> = { 0: 'default', 1: 'blue', 2: 'green', 3: 'red', 4: 'gold' };

export const WORK_STATUS: readonly StatusOption[] = Object.entries(WORK_STATUS_LABELS).map(([value, label]) => ({
  value: Number(value),
  label,
  color: COLORS[Number(value)] ?? 'default',
}));

export function WorkStatusTag({ status }: { status: number }) {
  return <StatusTag value={status} options={WORK_STATUS} />;
}
