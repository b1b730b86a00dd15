import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useSession } from '../../stores/session';
import { activityOptions, forgetScopeOptions, projectOptions, type ActivityOption, type ProjectOption } from './resourceApi';

/**
 * The scope dimensions as inputs: 所属项目 (the wire's cnfId) of project rows and 所属活动 (activityId)
 * of activity rows, in forms and search bars. Their choices follow the user's current scope: a switch of
 * projects or activities fetches them again.
 */
let seenScope: number | null = null;

function useScopeChoices<T>(load: () => Promise<T[]>): T[] {
  const scopeVersion = useSession((s) => s.scopeVersion);
  const [choices, setChoices] = useState<T[]>([]);
  useEffect(() => {
    let alive = true;
    if (seenScope !== scopeVersion) {
      if (seenScope !== null) forgetScopeOptions();
      seenScope = scopeVersion;
    }
    load()
      .then((list) => {
        if (alive) setChoices(list);
      })
      .catch(() => {
        // Shown by the error mapper.
      });
    return () => {
      alive = false;
    };
  }, [load, scopeVersion]);
  return choices;
}

interface ScopeSelectProps<T> {
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** The picked choice (or null when cleared), for forms that copy from it. */
  onPick?: (choice: T | null) => void;
  search?: boolean;
  id?: string;
  disabled?: boolean;
}

/** A select over one dimension's choices: the value is the choice's id, `onPick` hands over the whole choice. */
function ScopeSelect<T extends { id: number }>(
  props: ScopeSelectProps<T> & { choices: T[]; labelOf: (choice: T) => string; placeholder: string; searchWidth: number; kept?: { value: number; label: string } },
) {
  const { choices, labelOf, placeholder, searchWidth, kept } = props;
  const list = choices.map((c) => ({ value: c.id, label: labelOf(c) }));
  // The edited row's choice stays named even when it is no longer among the current ones.
  if (kept && !list.some((o) => o.value === kept.value)) list.unshift(kept);
  return (
    <Select
      id={props.id}
      value={props.value as number | undefined}
      onChange={(v: number | undefined) => {
        props.onChange?.(v);
        props.onPick?.(choices.find((c) => c.id === v) ?? null);
      }}
      placeholder={props.search ? '全部' : placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={list}
      style={props.search ? { width: searchWidth } : undefined}
      disabled={props.disabled}
    />
  );
}

/** The caller's working projects as a select (the wire's cnfId). */
export function ProjectSelect(props: ScopeSelectProps<ProjectOption>) {
  const choices = useScopeChoices(projectOptions);
  return <ScopeSelect {...props} choices={choices} labelOf={(p) => p.name} placeholder="请选择所属项目" searchWidth={240} />;
}

/** How an activity is named among those of several projects: 活动名（项目名）. */
export function activityLabel(option: Pick<ActivityOption, 'name' | 'projectName'>): string {
  return option.projectName ? `${option.name}（${option.projectName}）` : option.name;
}

/** The activities of the caller's current projects as a select (the wire's activityId). */
export function ActivitySelect(props: ScopeSelectProps<ActivityOption> & { label?: string | null }) {
  const choices = useScopeChoices(activityOptions);
  const kept = typeof props.value === 'number' && props.label ? { value: props.value, label: props.label } : undefined;
  return <ScopeSelect {...props} choices={choices} labelOf={activityLabel} placeholder="请选择所属活动" searchWidth={260} kept={kept} />;
}
