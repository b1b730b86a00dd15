import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Alert, App, Button, Empty, Result, Select, Space, Spin, theme } from 'antd';
import { AppstoreAddOutlined, ReloadOutlined, ThunderboltOutlined, UndoOutlined } from '@ant-design/icons';
import { confirmAction } from '@/components/confirm';
import { formatDateTime } from '@/lib/dateFormat';
import { activityLabel } from '@/components/resource/ScopeSelects';
import { activityOptions, type ActivityOption } from '@/components/resource/resourceApi';
import { SEAT_KINDS, SEAT_STATES } from '@domain/meeting/resources';
import { seatAssign, seatAutoApply, seatGenerate, type SeatAutoPreview, type SeatAutoRequest, type SeatAutoRun, type SeatCell, type SeatHall, type SeatMapData } from '@domain/meeting/seatMap.contracts';
import { applyAutoSeats, undoAutoSeats } from './seatApi';
import { useSession } from '@/stores/session';
import { pickedActivityId } from '@/stores/currentActivity';
import { SeatGrid } from './SeatGrid';
import { SeatPanel } from './SeatPanel';
import { SeatSearch } from './SeatSearch';
import { personKindLegend, personKindPalette } from './personKindColors';
import { loadSeatMap, takeEarlySeatMap } from './earlyMap';
import { columnCount, countsOf, KIND_NORMAL, nextFreeRow, replaceSeat, rowsOf, seatedPersons, SEAT_ASSIGNED, SEAT_FREE, SEAT_RESERVED, type SeatRowData } from './seatLayout';
import './seats.css';

// 批量生成's form (antd Form, InputNumber, AutoComplete, Modal) loads when first opened, not with the map.
const GenerateSeats = lazy(() => import('./GenerateSeats').then((m) => ({ default: m.GenerateSeats })));
const AutoSeats = lazy(() => import('./AutoSeats').then((m) => ({ default: m.AutoSeats })));

/**
 * 座位图: one hall of one activity at a time — the activity and hall pickers, 批量生成, the counts and
 * legend, the stage and the seats. A seat opens the assignment panel; an assignment redraws that seat
 * only. The map reads the server again on 刷新, when `refresh` changes (the list tab may have changed
 * seats) and when the user's current projects or activities change.
 */
interface HallData {
  /** The activity answered for (the server's first when none was picked); null when there is none. */
  activityId: number | null;
  halls: SeatHall[];
  /** The hall (展馆 id) on screen and its name; null when the activity has no seats. */
  hallId: number | null;
  hall: string | null;
  rows: SeatRowData[];
  /** The hall's last automatic seating that can be undone. */
  lastRun: SeatAutoRun | null;
}

/** An automatic seating shown on the map, not yet saved. */
interface Proposal {
  request: SeatAutoRequest;
  preview: SeatAutoPreview;
}

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: HallData };

const hallData = (data: SeatMapData): HallData => ({
  activityId: data.activityId,
  halls: data.halls,
  hallId: data.hallId,
  hall: data.halls.find((h) => h.hallId === data.hallId)?.name ?? null,
  rows: rowsOf(data.seats),
  lastRun: data.lastRun ?? null,
});

export interface SeatMapViewProps {
  /** Changes when the map should read the server again (its tab shown again). */
  refresh?: number;
  /** Seats were generated or assigned here. */
  onChanged?: () => void;
}

export function SeatMapView({ refresh = 0, onChanged: changed }: SeatMapViewProps) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const authorities = useSession((s) => s.authorities);
  const scopeVersion = useSession((s) => s.scopeVersion);
  const canGenerate = authorities.includes(seatGenerate.authority);
  const canAssign = authorities.includes(seatAssign.authority);
  const canAuto = authorities.includes(seatAutoApply.authority);

  const [activities, setActivities] = useState<ActivityOption[] | null>(null);
  // The activity the user picked; until then the server answers for the first one, so the map's request
  // need not wait for the list of activities.
  const [pickedActivity, setPickedActivity] = useState<number | null>(pickedActivityId);
  const [wantedHall, setWantedHall] = useState<number | null>(null);
  // The first map may have been asked for before this view existed (earlyMap.ts: by the router when the
  // route matched, or by the seat page); when it has already arrived, the seats are drawn in this very first render.
  const [early] = useState(() => (pickedActivity === null ? takeEarlySeatMap(scopeVersion) : null));
  const firstLoad = useRef(early);
  const [load, setLoad] = useState<Load>(() => (early?.data ? { status: 'ready', data: hallData(early.data) } : { status: 'loading' }));
  const [version, setVersion] = useState(0);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [foundId, setFoundId] = useState<number | null>(null);
  const [generating, setGenerating] = useState(false);
  // Kept once opened, so that closing plays the dialog's closing animation.
  const [generateUsed, setGenerateUsed] = useState(false);
  const firstScope = useRef(scopeVersion);
  const [autoOpen, setAutoOpen] = useState(false);
  const [autoUsed, setAutoUsed] = useState(false);
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    activityOptions(scopeVersion !== firstScope.current)
      .then((list) => {
        if (!alive) return;
        setActivities(list);
        setPickedActivity((current) => (current !== null && list.some((a) => a.id === current) ? current : null));
      })
      .catch(() => alive && setActivities([]));
    return () => {
      alive = false;
    };
  }, [scopeVersion]);

  useEffect(() => {
    let alive = true;
    // The first run is for no activity and no hall, which is what the early request asked for.
    const first = firstLoad.current;
    firstLoad.current = null;
    if (first?.data) return;
    // The seats on screen stay while the same hall is read again, so an update does not blank the map.
    setLoad((s) => (s.status === 'ready' && (pickedActivity === null || s.data.activityId === pickedActivity) ? s : { status: 'loading' }));
    (first?.promise ?? loadSeatMap(pickedActivity, wantedHall))
      .then((data) => alive && setLoad({ status: 'ready', data: hallData(data) }))
      .catch(() => alive && setLoad({ status: 'error' }));
    return () => {
      alive = false;
    };
  }, [pickedActivity, wantedHall, version, refresh, scopeVersion]);

  const data = load.status === 'ready' ? load.data : null;
  const activityId = data?.activityId ?? null;
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const columns = useMemo(() => columnCount(rows), [rows]);
  const counts = useMemo(() => countsOf(rows), [rows]);
  const seated = useMemo(() => seatedPersons(rows), [rows]);
  const selected = useMemo(() => {
    if (selectedId === null) return null;
    for (const row of rows) for (const cell of row.seats) if (cell.id === selectedId) return cell;
    return null;
  }, [rows, selectedId]);

  const proposed = useMemo(() => {
    // A proposal belongs to the hall it was made for; another hall on screen shows none.
    if (!proposal || proposal.request.hallId !== data?.hallId || proposal.request.activityId !== data?.activityId) return null;
    return new Map(proposal.preview.placements.map((x) => [x.seatId, x.personName]));
  }, [proposal, data]);

  const onPick = useCallback((cell: SeatCell) => setSelectedId(cell.id), []);
  const saveProposal = async () => {
    if (!proposal) return;
    setSaving(true);
    try {
      const { msg } = await applyAutoSeats(proposal.request, proposal.preview.token);
      message.success(msg);
      setProposal(null);
      changed?.();
      setVersion((v) => v + 1);
    } catch {
      // The refusal (the seats changed since the preview) was shown by the error mapper.
    } finally {
      setSaving(false);
    }
  };
  const undoRun = async (run: SeatAutoRun, hall: number, activity: number) => {
    const ok = await confirmAction({ title: '撤销上次自动排座', content: `将释放${run.by ? `${run.by}于` : ''}${formatDateTime(run.at)} 自动安排的 ${run.seats} 个座位，其他座位不变。`, danger: true });
    if (!ok) return;
    try {
      message.success(await undoAutoSeats(activity, hall));
      changed?.();
      setVersion((v) => v + 1);
    } catch {
      // Refused (a seat changed since): shown by the error mapper.
    }
  };
  const onChanged = (cell: SeatCell, msg: string) => {
    message.success(msg);
    changed?.();
    setLoad((s) => (s.status === 'ready' ? { status: 'ready', data: { ...s.data, rows: replaceSeat(s.data.rows, cell) } } : s));
  };
  const closePanel = () => {
    const id = selectedId;
    setSelectedId(null);
    // Back to the seat the panel was opened from, for keyboard users.
    if (id !== null) document.querySelector<HTMLElement>(`.zb-seat-grid [data-seat-id="${id}"]`)?.focus();
  };

  const palette = {
    '--zb-seat-free': token.colorBgContainer,
    '--zb-seat-border': token.colorBorder,
    '--zb-seat-assigned': token.colorPrimary,
    '--zb-seat-reserved': token.colorWarning,
    '--zb-seat-vip': token.magenta6 ?? '#c41d7f',
    '--zb-seat-press': token.cyan7 ?? '#08979c',
    '--zb-seat-focus': token.colorText,
    '--zb-seat-muted': token.colorTextSecondary,
    '--zb-seat-stage': token.colorFillSecondary,
    '--zb-seat-frame': token.colorBorderSecondary,
    '--zb-seat-proposed': token.colorSuccess,
    '--zb-seat-proposed-fill': token.colorSuccessBg,
    ...personKindPalette,
  } as CSSProperties;

  if ((activities !== null && activities.length === 0) || (data && data.activityId === null)) {
    return <Empty description="当前没有可查看的活动：请先在顶部切换项目或活动" />;
  }

  const hallId = data?.hallId ?? null;
  return (
    <div className="zb-seat-map" style={palette}>
      <div className="zb-seat-toolbar">
        <Space wrap>
          <Select
            aria-label="活动"
            style={{ width: 320 }}
            value={pickedActivity ?? activityId ?? undefined}
            loading={activities === null}
            options={(activities ?? []).map((a) => ({ value: a.id, label: activityLabel(a) }))}
            onChange={(id: number) => {
              setPickedActivity(id);
              setWantedHall(null);
              setSelectedId(null);
              setFoundId(null);
              setProposal(null);
            }}
            showSearch={{ optionFilterProp: 'label' }}
          />
          <Select
            aria-label="会场"
            style={{ width: 220 }}
            value={hallId ?? undefined}
            placeholder="暂无会场"
            disabled={!data || data.halls.length === 0}
            options={(data?.halls ?? []).map((h) => ({ value: h.hallId, label: `${h.name}（${h.seats} 座）` }))}
            onChange={(h: number) => {
              setWantedHall(h);
              setSelectedId(null);
              setFoundId(null);
              setProposal(null);
            }}
          />
          {canGenerate && (
            <Button type="primary" icon={<AppstoreAddOutlined />} disabled={activityId === null} onClick={() => {
                setGenerateUsed(true);
                setGenerating(true);
              }}
            >
              批量生成
            </Button>
          )}
          {canAuto && data && data.hallId !== null && (
            <Button icon={<ThunderboltOutlined />} disabled={proposal !== null} onClick={() => {
                setAutoUsed(true);
                setAutoOpen(true);
                setSelectedId(null);
              }}
            >
              自动排座
            </Button>
          )}
          {canAuto && data?.lastRun && data.hallId !== null && data.activityId !== null && (
            <Button icon={<UndoOutlined />} disabled={proposal !== null} onClick={() => void undoRun(data.lastRun!, data.hallId!, data.activityId!)}>
              撤销自动排座
            </Button>
          )}
          <Button icon={<ReloadOutlined />} onClick={() => setVersion((v) => v + 1)}>
            刷新
          </Button>
        </Space>
        {data && data.hall !== null && (
          <div className="zb-seat-legend" aria-label="座位统计与图例">
            <span className="zb-seat-count" data-testid="seat-count-total">
              共 <b>{counts.total}</b> 座
            </span>
            {SEAT_STATES.map((s) => (
              <span key={s.value} className="zb-seat-count" data-testid={`seat-count-${s.key}`}>
                <i className={`zb-seat zb-seat-s${s.value} zb-seat-swatch`} aria-hidden />
                {s.label} <b>{s.value === SEAT_ASSIGNED ? counts.assigned : s.value === SEAT_RESERVED ? counts.reserved : s.value === SEAT_FREE ? counts.free : 0}</b>
              </span>
            ))}
            {SEAT_KINDS.filter((k) => k.value !== KIND_NORMAL).map((k) => (
              <span key={k.value} className="zb-seat-count">
                <i className={`zb-seat zb-seat-s${SEAT_FREE} zb-seat-k${k.value} zb-seat-swatch`} aria-hidden />
                {k.label}座
              </span>
            ))}
          </div>
        )}
      </div>

      {data && data.hall !== null && activityId !== null && (
        <div className="zb-seat-finder">
          <SeatSearch
            activityId={activityId}
            hall={data.hall}
            rows={rows}
            onFound={(cell) => {
              setFoundId(cell?.id ?? null);
              if (cell) setSelectedId(cell.id);
            }}
          />
          <div className="zb-seat-kinds" role="group" aria-label="人员类别图例" data-testid="seat-kind-legend">
            <span>人员类别：</span>
            {personKindLegend.map((k) => (
              <span key={k.value} className="zb-seat-count" data-kind={k.key}>
                <i className="zb-seat zb-seat-s1 zb-seat-swatch" style={{ ['--zb-seat-sitter' as string]: k.color }} aria-hidden />
                {k.label}
              </span>
            ))}
          </div>
        </div>
      )}

      {proposed && proposal && (
        <Alert
          className="zb-seat-proposal"
          type={proposal.preview.unseated > 0 ? 'warning' : 'info'}
          showIcon
          title={`预览：将安排 ${proposal.preview.seated} 人${proposal.preview.unseated ? `，${proposal.preview.unseated} 人因座位不足未安排` : ''}`}
          description={
            <span data-testid="seat-auto-summary">
              拟分配的座位已在图中高亮（尚未保存）。范围内 {proposal.preview.candidates} 人待排，空闲座位 {proposal.preview.freeSeats} 个
              {proposal.preview.alreadySeated ? `，${proposal.preview.alreadySeated} 人已在本会场就座` : ''}
              {proposal.preview.skipped ? `，${proposal.preview.skipped} 人未通过审核或不属于本活动` : ''}
              {proposal.preview.unseatedNames.length ? `。未安排：${proposal.preview.unseatedNames.join('、')}${proposal.preview.unseated > proposal.preview.unseatedNames.length ? ' 等' : ''}` : ''}
            </span>
          }
          action={
            <Space orientation="vertical">
              <Button type="primary" loading={saving} disabled={proposal.preview.seated === 0} onClick={() => void saveProposal()}>
                保存排座
              </Button>
              <Button onClick={() => setProposal(null)}>取消预览</Button>
            </Space>
          }
        />
      )}
      {load.status === 'error' ? (
        <Result status="warning" title="座位图加载失败" extra={<Button onClick={() => setVersion((v) => v + 1)}>重试</Button>} />
      ) : !data ? (
        <div className="zb-seat-loading">
          <Spin />
        </div>
      ) : data.hall === null ? (
        <Empty description={canGenerate ? '该活动还没有座位，点击「批量生成」创建会场座位' : '该活动还没有座位'} />
      ) : (
        // The panel is a column beside the map: the map narrows and scrolls, no seat is ever under the panel.
        <div className="zb-seat-body">
          <div className="zb-seat-scroll">
            <SeatGrid hall={data.hall} rows={rows} columns={columns} selectedId={selectedId} proposed={proposed} foundId={foundId} onPick={onPick} />
          </div>
          {activityId !== null && (
            <SeatPanel hall={data.hall} activityId={activityId} cell={selected} canAssign={canAssign} seated={seated} onClose={closePanel} onChanged={onChanged} />
          )}
        </div>
      )}
      {activityId !== null && autoUsed && hallId !== null && data?.hall && (
        <Suspense fallback={null}>
          <AutoSeats
            open={autoOpen}
            activityId={activityId}
            hallId={hallId}
            hall={data.hall}
            onClose={() => setAutoOpen(false)}
            onPreview={(request, preview) => {
              setAutoOpen(false);
              setProposal({ request, preview });
            }}
          />
        </Suspense>
      )}
      {activityId !== null && generateUsed && (
        <Suspense fallback={null}>
          <GenerateSeats
          open={generating}
          activityId={activityId}
          halls={data?.halls ?? []}
          hallId={hallId}
          startRowOf={(id) => (id === hallId ? nextFreeRow(rows) : 1)}
          onClose={() => setGenerating(false)}
          onDone={(made) => {
            setGenerating(false);
            changed?.();
            setSelectedId(null);
            setWantedHall(made);
            setVersion((v) => v + 1);
          }}
          />
        </Suspense>
      )}
    </div>
  );
}
