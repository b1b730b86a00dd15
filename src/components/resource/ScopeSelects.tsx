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

/** The caller's working projects as a select (the wire's cnfId). */
export function ProjectSelect(props: ScopeSelectProps<ProjectOption>) {
  const options = useScopeChoices(projectOptions);
  return (
    <Select
      id={props.id}
      value={props.value as number | undefined}
      onChange={(v: number | undefined) => {
        props.onChange?.(v);
        props.onPick?.(options.find((p) => p.id === v) ?? null);
      }}
      placeholder={props.search ? '全部' : '请选择所属项目'}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={options.map((p) => ({ value: p.id, label: p.name }))}
      style={props.search ? { width: 240 } : undefined}
      disabled={props.disabled}
    />
  );
}

/** How an activity is named among those of several projects: 活动名（项目名）. */
export function activityLabel(option: Pick<ActivityOption, 'name' | 'projectName'>): string {
  return option.projectName ? `${option.name}（${option.projectName}）` : option.name;
}

/** The activities of the caller's current projects as a select (the wire's activityId). */
export function ActivitySelect(props: ScopeSelectProps<ActivityOption> & { label?: string | null }) {
  const options = useScopeChoices(activityOptions);
  const list = options.map((a) => ({ value: a.id, label: activityLabel(a) }));
  // The edited row's activity stays named even when it is no longer among the current ones.
  if (typeof props.value === 'number' && props.label && !list.some((o) => o.value === props.value)) list.unshift({ value: props.value, label: props.label });
  return (
    <Select
      id={props.id}
      value={props.value as number | undefined}
      onChange={(v: number | undefined) => {
        props.onChange?.(v);
        props.onPick?.(options.find((a) => a.id === v) ?? null);
      }}
      placeholder={props.search ? '全部' : '请选择所属活动'}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={list}
      style={props.search ? { width: 260 } : undefined}
      disabled={props.disabled}
    />
  );
}
