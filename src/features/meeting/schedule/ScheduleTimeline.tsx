import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Alert, Button, Empty, Result, Segmented, Select, Space, Spin, Tooltip, Typography, theme } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { ResourceForm } from '@/components/resource/ResourceForm';
import { activityLabel } from '@/components/resource/ScopeSelects';
import { activityOptions, type ActivityOption, type ResourceRow } from '@/components/resource/resourceApi';
import { toFormValue } from '@/components/resource/fieldValues';
import { ACTIVITY_FIELD, actionAuthority, fieldOf, menuAuthority, PROJECT_FIELD } from '@domain/resource/framework';
import { schedule } from '@domain/meeting/resources';
import { activity as activityDef } from '@domain/projects/resources';
import { storage } from '@/lib/storage';
import { useSession } from '@/stores/session';
import { useCurrentActivity } from '@/stores/currentActivity';
import { loadActivityDates, loadSessions, MAX_SESSIONS, nearestActivityId, type ActivityDates, type SessionRow } from './scheduleApi';
import { axisFor, hallsOf, hourMarks, initialDay, layoutDay, minutesOf, SLOT_MINUTES, slotAt, timelineDays, timeText, type Axis, type TimelineHall } from './timelineLayout';
import './timeline.css';

/**
 * 日程 as a timeline: the sessions of one activity on one day, a column per hall along a time axis.
 * A block opens the session's edit form; a click in an empty part of a column opens the create form
 * with that day, hall and slot filled in. The rows come from the schedule's page route in the caller's
 * scope, and are read again after a save, on 刷新, and when the current projects or activities change.
 */
const PX_PER_MINUTE = 1.2;
const AXIS_WIDTH = 56;
/** More days than this are offered in a select rather than as buttons. */
const MAX_DAY_BUTTONS = 10;
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

export function dayLabel(day: string): string {
  const d = dayjs(day);
  return `${d.format('M月D日')} ${WEEKDAYS[d.day()]}`;
}

type Load<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T };

interface ActivityData {
  activityId: number;
  sessions: SessionRow[];
  truncated: boolean;
  dates: ActivityDates | null;
}

interface Activities {
  list: ActivityOption[];
  /** The one to show until the person picks another: their last pick, else the one whose sessions come next. */
  preferred: number | null;
}

/** Where a person's last picked activity is remembered (per account, in this browser). */
const pickedKey = (username: string | undefined) => `schedule-activity-${username ?? ''}`;

/** The activities of the current scope; read again when the scope changes. */
function useActivities(scopeVersion: number, retry: number, username: string | undefined, header: number | undefined): Load<Activities> {
  const [state, setState] = useState<Load<Activities>>({ status: 'loading' });
  const firstScope = useRef(scopeVersion);
  useEffect(() => {
    let alive = true;
    setState({ status: 'loading' });
    const load = async (): Promise<Activities> => {
      const list = await activityOptions(scopeVersion !== firstScope.current || retry > 0);
      const stored = storage.get<number>(pickedKey(username));
      if (list.length < 2) return { list, preferred: list[0]?.id ?? null };
      // The header's current activity (src/stores/currentActivity.ts) comes first.
      if (header !== undefined && list.some((a) => a.id === header)) return { list, preferred: header };
      if (stored !== null && list.some((a) => a.id === stored)) return { list, preferred: stored };
      // Only a better first choice: without it the first activity will do.
      const nearest = await nearestActivityId(dayjs().format('YYYY-MM-DD')).catch(() => null);
      return { list, preferred: list.some((a) => a.id === nearest) ? nearest : list[0].id };
    };
    load()
      .then((value) => alive && setState({ status: 'ready', value }))
      .catch(() => alive && setState({ status: 'error' }));
    return () => {
      alive = false;
    };
  }, [scopeVersion, retry, username, header]);
  return state;
}

/**
 * The sessions (and dates) of one activity; `version` changes to read them again. While a new read of
 * the same activity runs, the rows on screen stay (`busy`), so a save does not blank the timeline.
 */
function useActivityData(activityId: number | null, canReadActivity: boolean, version: string): { state: Load<ActivityData> | null; busy: boolean } {
  const [state, setState] = useState<Load<ActivityData>>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (activityId === null) return;
    let superseded = false;
    setBusy(true);
    setState((s) => (s.status === 'ready' && s.value.activityId === activityId ? s : { status: 'loading' }));
    // The activity's dates only add empty days to choose from: without them the timeline still works.
    const dates = canReadActivity ? loadActivityDates(activityId).catch(() => null) : Promise.resolve(null);
    Promise.all([loadSessions(activityId), dates])
      .then(([loaded, activityDates]) => {
        if (!superseded) setState({ status: 'ready', value: { activityId, ...loaded, dates: activityDates } });
      })
      .catch(() => {
        if (!superseded) setState({ status: 'error' });
      })
      .finally(() => {
        if (!superseded) setBusy(false);
      });
    return () => {
      superseded = true;
    };
  }, [activityId, canReadActivity, version]);
  return { state: activityId === null ? null : state, busy };
}

interface Editing {
  row: ResourceRow | null;
  presets?: Record<string, unknown>;
}

export interface ScheduleTimelineProps {
  /** Grows when the sessions may have changed elsewhere (the list view): read them again. */
  refresh?: number;
  /** A session was saved through the timeline's form. */
  onSaved?: () => void;
}

export function ScheduleTimeline({ refresh = 0, onSaved }: ScheduleTimelineProps) {
  const { token } = theme.useToken();
  const authorities = useSession((s) => s.authorities);
  const scopeVersion = useSession((s) => s.scopeVersion);
  const canAdd = schedule.actions.includes('add') && authorities.includes(actionAuthority(schedule, 'add'));
  const canEdit = schedule.actions.includes('edit') && authorities.includes(actionAuthority(schedule, 'edit'));
  const canReadActivity = authorities.includes(menuAuthority(activityDef));

  const [retry, setRetry] = useState(0);
  const username = useSession((s) => s.user?.username);
  const headerActivity = useCurrentActivity((s) => s.activity?.id);
  const activities = useActivities(scopeVersion, retry, username, headerActivity);
  const [pickedActivity, setPickedActivity] = useState<number | null>(null);
  const activityList = activities.status === 'ready' ? activities.value.list : [];
  const preferred = activities.status === 'ready' ? activities.value.preferred : null;
  const current = activityList.find((a) => a.id === pickedActivity) ?? activityList.find((a) => a.id === preferred) ?? activityList[0] ?? null;
  const pickActivity = (id: number) => {
    setPickedActivity(id);
    storage.set(pickedKey(username), id);
  };

  const [reloads, setReloads] = useState(0);
  const { state: data, busy } = useActivityData(current?.id ?? null, canReadActivity, `${scopeVersion}.${refresh}.${reloads}.${retry}`);
  const ready = data?.status === 'ready' && data.value.activityId === current?.id ? data.value : null;

  const sessions = useMemo(() => ready?.sessions ?? [], [ready]);
  const sessionDays = useMemo(() => [...new Set(sessions.map((s) => s.day))], [sessions]);
  const days = useMemo(() => timelineDays(sessionDays, ready?.dates), [sessionDays, ready]);
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const day = pickedDay !== null && days.includes(pickedDay) ? pickedDay : initialDay(days, sessionDays, dayjs().format('YYYY-MM-DD'));
  const halls = useMemo(() => hallsOf(sessions), [sessions]);
  const daySessions = useMemo(() => sessions.filter((s) => s.day === day), [sessions, day]);
  const axis = useMemo(() => axisFor(daySessions), [daySessions]);
  const blocks = useMemo(() => layoutDay(daySessions, halls, axis, PX_PER_MINUTE), [daySessions, halls, axis]);
  const dayOptions = useMemo(() => {
    const counts = new Map<string, number>();
    for (const s of sessions) counts.set(s.day, (counts.get(s.day) ?? 0) + 1);
    return days.map((d) => ({ value: d, label: `${dayLabel(d)}（${counts.get(d) ?? 0}）` }));
  }, [sessions, days]);

  const [editing, setEditing] = useState<Editing | null>(null);

  const presetsFor = (hall: TimelineHall | undefined, slot: { startTime: string; endTime: string } | undefined): Record<string, unknown> => {
    const presets: Record<string, unknown> = {};
    if (current) {
      presets[ACTIVITY_FIELD] = current.id;
      presets[PROJECT_FIELD] = current.cnfId;
      // Labels the activity select shows for the preset (ResourceForm reads them from the presets).
      presets.activityName = current.name;
      presets.projectName = current.projectName;
    }
    const set = (name: string, wire: string | undefined) => {
      const field = fieldOf(schedule, name);
      if (field && wire) presets[name] = toFormValue(field, wire);
    };
    set('day', day ?? undefined);
    set('hallId', hall && String(hall.id));
    // The hall select's label for the preset, as for the activity.
    if (hall) presets.hallName = hall.name;
    set('startTime', slot?.startTime);
    set('endTime', slot?.endTime);
    return presets;
  };

  const toolbar = (
    <div className="zb-timeline-toolbar">
      {activityList.length > 1 && (
        <Select
          aria-label="活动"
          value={current?.id}
          onChange={(id: number) => pickActivity(id)}
          options={activityList.map((a) => ({ value: a.id, label: activityLabel(a) }))}
          style={{ minWidth: 260 }}
          showSearch={{ optionFilterProp: 'label' }}
        />
      )}
      {activityList.length === 1 && current && <Typography.Text strong>{activityLabel(current)}</Typography.Text>}
      <span style={{ marginLeft: 'auto' }} />
      <Space>
        <Button icon={<ReloadOutlined />} onClick={() => setReloads((n) => n + 1)} disabled={!current} loading={busy && ready !== null}>
          刷新
        </Button>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} disabled={!current} onClick={() => setEditing({ row: null, presets: presetsFor(undefined, undefined) })}>
            新增日程
          </Button>
        )}
      </Space>
    </div>
  );

  const failed = (
    <Result
      status="warning"
      title="日程加载失败"
      subTitle="请检查网络后重试"
      extra={
        <Button type="primary" onClick={() => setRetry((n) => n + 1)}>
          重试
        </Button>
      }
    />
  );

  let body;
  if (activities.status === 'error' || data?.status === 'error') {
    body = failed;
  } else if (activities.status === 'loading' || (current && !ready)) {
    body = (
      <div className="zb-timeline-loading">
        <Spin description="正在加载日程…" size="large">
          <div style={{ height: 120 }} />
        </Spin>
      </div>
    );
  } else if (!current) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前没有可用的活动：请先在「活动列表」新增活动，或在「我的活动」中切换" />;
  } else if (days.length === 0 || halls.length === 0) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本活动还没有日程">
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null, presets: presetsFor(undefined, undefined) })}>
            新增日程
          </Button>
        )}
      </Empty>
    );
  } else {
    body = (
      <>
        {ready?.truncated && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`本活动日程超过 ${MAX_SESSIONS} 条，时间轴只显示前 ${MAX_SESSIONS} 条，请在「列表」中查看全部`} />}
        <div className="zb-timeline-days">
          {days.length <= MAX_DAY_BUTTONS ? (
            <Segmented value={day ?? undefined} onChange={(value) => setPickedDay(String(value))} options={dayOptions} />
          ) : (
            // A long activity (weeks of pre-registration) gets a list instead of a row of buttons.
            <Select aria-label="日期" value={day ?? undefined} onChange={(value: string) => setPickedDay(value)} options={dayOptions} style={{ width: 220 }} virtual={false} />
          )}
        </div>
        <TimelineGrid
          axis={axis}
          halls={halls}
          blocks={blocks}
          empty={daySessions.length === 0}
          canAdd={canAdd}
          canEdit={canEdit}
          colors={{
            line: token.colorBorderSecondary,
            half: token.colorFillSecondary,
            // Solid: the sticky header and hour column cover the blocks scrolled beneath them.
            header: token.colorBgLayout,
            background: token.colorBgContainer,
            text: token.colorTextSecondary,
            block: token.colorPrimaryBg,
            blockBorder: token.colorPrimary,
            clash: token.colorErrorBg,
            clashBorder: token.colorError,
            ghost: token.colorPrimaryBorder,
          }}
          onEdit={(row) => setEditing({ row })}
          onCreate={(hall, slot) => setEditing({ row: null, presets: presetsFor(hall, slot) })}
        />
      </>
    );
  }

  return (
    <div className="zb-timeline" data-testid="schedule-timeline">
      {toolbar}
      {body}
      <ResourceForm
        def={schedule}
        open={editing !== null}
        row={editing?.row ?? null}
        presets={editing?.presets}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          // The saved session's day is the one to look at (a new session may be on a day not shown yet).
          if (typeof saved?.day === 'string') setPickedDay(saved.day);
          if (typeof saved?.activityId === 'number' && saved.activityId !== current?.id) pickActivity(saved.activityId);
          setReloads((n) => n + 1);
          onSaved?.();
        }}
      />
    </div>
  );
}

interface GridColors {
  background: string;
  line: string;
  half: string;
  header: string;
  text: string;
  block: string;
  blockBorder: string;
  clash: string;
  clashBorder: string;
  ghost: string;
}

interface TimelineGridProps {
  axis: Axis;
  halls: TimelineHall[];
  blocks: ReturnType<typeof layoutDay<SessionRow>>;
  empty: boolean;
  canAdd: boolean;
  canEdit: boolean;
  colors: GridColors;
  onEdit(row: SessionRow): void;
  onCreate(hall: TimelineHall, slot: { startTime: string; endTime: string }): void;
}

function speakersOf(row: SessionRow): number {
  return Array.isArray(row.speakerIds) ? row.speakerIds.length : 0;
}

function TimelineGrid({ axis, halls, blocks, empty, canAdd, canEdit, colors, onEdit, onCreate }: TimelineGridProps) {
  const height = (axis.end - axis.start) * PX_PER_MINUTE;
  const marks = hourMarks(axis);
  const [ghost, setGhost] = useState<{ column: number; startTime: string; endTime: string } | null>(null);

  const slotOf = (e: MouseEvent<HTMLDivElement>) => slotAt(e.clientY - e.currentTarget.getBoundingClientRect().top, axis, PX_PER_MINUTE);

  return (
    <>
    {empty && (
      <Typography.Paragraph type="secondary" className="zb-timeline-hint">
        当天还没有日程{canAdd ? '：点击会场下方的空白处新增' : ''}
      </Typography.Paragraph>
    )}
    <div className="zb-timeline-scroll" style={{ borderColor: colors.line }}>
      <div className="zb-timeline-grid" style={{ gridTemplateColumns: `${AXIS_WIDTH}px repeat(${halls.length}, minmax(180px, 1fr))` }}>
        <div className="zb-timeline-corner" style={{ background: colors.header, borderColor: colors.line }} />
        {halls.map((hall) => (
          <div key={hall.id} className="zb-timeline-hall" style={{ background: colors.header, borderColor: colors.line }}>
            {hall.name}
          </div>
        ))}
        <div className="zb-timeline-axis" style={{ height, background: colors.background }}>
          {marks.map((m) => (
            <span key={m} className="zb-timeline-mark" style={{ top: (m - axis.start) * PX_PER_MINUTE, color: colors.text }}>
              {timeText(m)}
            </span>
          ))}
        </div>
        {halls.map((hall, column) => (
          <div
            key={hall.id}
            className={`zb-timeline-column${canAdd ? ' zb-timeline-column-open' : ''}`}
            data-hall={hall.name}
            style={{
              height,
              borderColor: colors.line,
              // Hour lines solid, half-hour lines faint.
              backgroundImage: `repeating-linear-gradient(to bottom, ${colors.line} 0 1px, transparent 1px ${30 * PX_PER_MINUTE}px, ${colors.half} ${30 * PX_PER_MINUTE}px ${30 * PX_PER_MINUTE + 1}px, transparent ${30 * PX_PER_MINUTE + 1}px ${60 * PX_PER_MINUTE}px)`,
              backgroundPositionY: `${((Math.ceil(axis.start / 60) * 60 - axis.start) * PX_PER_MINUTE) % (60 * PX_PER_MINUTE)}px`,
            }}
            onMouseMove={canAdd ? (e) => e.target === e.currentTarget && setGhost({ column, ...slotOf(e) }) : undefined}
            onMouseLeave={() => setGhost(null)}
            onClick={
              canAdd
                ? (e) => {
                    // A click on a block is the block's; the ghost lets clicks through (pointer-events: none).
                    if (e.target !== e.currentTarget) return;
                    onCreate(hall, slotOf(e));
                  }
                : undefined
            }
          >
            {ghost?.column === column && (
              <div
                className="zb-timeline-ghost"
                style={{
                  top: ((minutesOf(ghost.startTime) ?? axis.start) - axis.start) * PX_PER_MINUTE,
                  height: SLOT_MINUTES * PX_PER_MINUTE,
                  borderColor: colors.ghost,
                }}
              >
                <PlusOutlined /> {ghost.startTime} 新增
              </div>
            )}
            {blocks
              .filter((b) => b.column === column)
              .map((b) => {
                const row = b.session;
                const speakers = speakersOf(row);
                const time = `${row.startTime.slice(0, 5)}–${row.endTime.slice(0, 5)}`;
                const open = () => canEdit && onEdit(row);
                return (
                  <Tooltip
                    key={row.id}
                    placement="right"
                    title={
                      <div>
                        <div>
                          <strong>{row.title}</strong>
                        </div>
                        <div>
                          {hall.name} {time}
                        </div>
                        {row.host && <div>主持：{row.host}</div>}
                        {speakers > 0 && <div>演讲嘉宾：{(row.speakerNames ?? []).filter(Boolean).join('、') || `${speakers} 人`}</div>}
                        {row.capacity != null && <div>容纳 {row.capacity} 人</div>}
                        {b.overlaps && <div>与同会场的其他日程时间重叠</div>}
                      </div>
                    }
                  >
                    <div
                      className={`zb-timeline-block${b.overlaps ? ' zb-timeline-clash' : ''}${canEdit ? ' zb-timeline-block-open' : ''}`}
                      data-session={row.id}
                      role={canEdit ? 'button' : undefined}
                      tabIndex={canEdit ? 0 : undefined}
                      // No aria-label: its name is what it shows (title, time, host, speakers), so it holds the visible text.
                      style={{
                        // A pixel apart, so back-to-back sessions read as two.
                        top: b.top + 1,
                        height: b.height - 2,
                        left: `calc(${(b.lane / b.lanes) * 100}% + 2px)`,
                        width: `calc(${100 / b.lanes}% - 4px)`,
                        background: b.overlaps ? colors.clash : colors.block,
                        borderLeftColor: b.overlaps ? colors.clashBorder : colors.blockBorder,
                      }}
                      onMouseEnter={() => setGhost(null)}
                      onClick={(e) => {
                        e.stopPropagation();
                        open();
                      }}
                      onKeyDown={(e: KeyboardEvent) => {
                        if (e.key === 'Enter' || e.key === ' ') {
                          e.preventDefault();
                          open();
                        }
                      }}
                    >
                      <div className="zb-timeline-title">{row.title}</div>
                      <div className="zb-timeline-meta">{time}</div>
                      {row.host && <div className="zb-timeline-meta">主持：{row.host}</div>}
                      {speakers > 0 && <div className="zb-timeline-meta">演讲嘉宾 {speakers} 人</div>}
                    </div>
                  </Tooltip>
                );
              })}
          </div>
        ))}
      </div>
    </div>
    </>
  );
}
