import { useEffect, useMemo, useState } from 'react';
import { App, Popover, Select, Typography } from 'antd';
import { DownOutlined, ScheduleOutlined } from '@ant-design/icons';
import { activityOptions, type ActivityOption } from '../../components/resource/resourceApi';
import { useCurrentActivity } from '../../stores/currentActivity';
import { useSession } from '../../stores/session';

/**
 * The header's 当前活动: which project and activity the pages open on (src/stores/currentActivity.ts),
 * and a switcher among the user's activities, grouped by project. Hidden for a user with none.
 */
export function ActivitySwitcher({ dark, compact }: { dark: boolean; compact: boolean }) {
  const userId = useSession((s) => s.user?.userId);
  const scopeVersion = useSession((s) => s.scopeVersion);
  const activity = useCurrentActivity((s) => s.activity);
  const load = useCurrentActivity((s) => s.load);
  const choose = useCurrentActivity((s) => s.choose);
  const choiceDropped = useCurrentActivity((s) => s.choiceDropped);
  const dropTold = useCurrentActivity((s) => s.dropTold);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [options, setOptions] = useState<ActivityOption[] | null>(null);

  useEffect(() => {
    if (userId !== undefined) void load(`${userId}:${scopeVersion}`);
  }, [userId, scopeVersion, load]);

  // The fallback is said, not done quietly: the activity chosen before is no longer one the user may work on.
  useEffect(() => {
    if (!choiceDropped) return;
    dropTold();
    message.warning(
      activity
        ? `之前选择的当前活动已不可用（已删除或不再授权），已改用「${activity.name}」`
        : '之前选择的当前活动已不可用（已删除或不再授权），当前没有可用的活动',
    );
  }, [choiceDropped, dropTold, activity, message]);

  const grouped = useMemo(() => {
    const groups = new Map<string, Array<{ value: number; label: string }>>();
    for (const o of options ?? []) {
      const key = o.projectName ?? '';
      groups.set(key, [...(groups.get(key) ?? []), { value: o.id, label: o.name }]);
    }
    return [...groups].map(([label, items]) => ({ label, title: label, options: items }));
  }, [options]);

  if (!activity) return null;
  const color = dark ? 'rgba(255, 255, 255, 0.85)' : undefined;
  const picker = (
    <div style={{ width: 320 }}>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        列表、日程、座位、会务概览、签到台、导入和新增记录的所属活动默认使用当前活动。
      </Typography.Text>
      <Select
        aria-label="选择当前活动"
        autoFocus
        showSearch={{ optionFilterProp: 'label' }}
        loading={options === null || saving}
        style={{ width: '100%' }}
        value={activity.id}
        options={options === null ? [{ label: activity.projectName ?? '', title: activity.projectName ?? '', options: [{ value: activity.id, label: activity.name }] }] : grouped}
        disabled={saving}
        onChange={(id: number) => {
          setSaving(true);
          // Kept on the server, so a reload, a new tab or another device opens on it too.
          choose(id)
            .then(() => setOpen(false))
            .catch(() => {
              // Shown by the error mapper; the switcher stays open on the activity kept.
            })
            .finally(() => setSaving(false));
        }}
      />
    </div>
  );
  return (
    <Popover
      open={open}
      trigger="click"
      placement="bottomRight"
      title="切换当前活动"
      content={picker}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void activityOptions(true).then(setOptions, () => setOptions([]));
      }}
    >
      <button
        type="button"
        className="zb-header-action zb-activity-switch"
        // Compact, only the icon shows: the label names it. Otherwise its name is what it shows (axe: label-content-name-mismatch).
        aria-label={compact ? `当前活动：${activity.name}，点击切换` : undefined}
        title={[activity.projectName, activity.name].filter(Boolean).join(' / ')}
        style={{ color }}
        data-testid="activity-switch"
      >
        <ScheduleOutlined aria-hidden />
        {!compact && (
          <span className="zb-activity-switch-text">
            <span className="zb-visually-hidden">当前活动：</span>
            {activity.projectName && <span className="zb-activity-switch-project">{activity.projectName} /</span>} <strong>{activity.name}</strong>
            <span className="zb-visually-hidden">，点击切换</span>
          </span>
        )}
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </button>
    </Popover>
  );
}
