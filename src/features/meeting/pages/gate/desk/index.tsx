import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Card, Col, Empty, message, Row, Select, Space, Statistic, Tag, Typography } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { registerDeskWorker } from '@/lib/serviceWorker';
import { GATE_DIRECTIONS, person as personDef } from '@domain/meeting/resources';
import { actionAuthority, machineAction } from '@domain/resource/framework';
import { deskApprove, type DeskGate, type DeskPerson } from '@domain/meeting/gateScan.contracts';
import { personBulkBadges } from '@domain/meeting/personBulk.contracts';
import { storage } from '@/lib/storage';
import { useSession } from '@/stores/session';
import { useCurrentActivityLoaded } from '@/stores/currentActivity';
import { useLiveVersion } from '@/hooks/useLive';
import { approveAtDesk, checkInByHand, isPersonCode, loadDeskGates, scanAtGate, searchAtDesk, unreachable, type ScanOutcome } from '@/features/meeting/desk/deskApi';
import { useOfflineDesk } from '@/features/meeting/desk/useOfflineDesk';
import { ConflictList, NetworkBar } from '@/features/meeting/desk/OfflineBar';
import { CameraScan } from '@/features/meeting/desk/CameraScan';
import { PersonCards } from '@/features/meeting/desk/PersonCards';
import { BadgePrint } from '@/features/meeting/persons/BadgePrint';
import {
  DESK_GATE_KEY,
  emptySession,
  recordScan,
  toneOf,
  totalScans,
  VERDICT_LABELS,
  type DeskSession,
  type RecentScan,
} from '@/features/meeting/desk/deskSession';
import { VerdictPanel } from '@/features/meeting/desk/VerdictPanel';
import { ScanField, type ScanFieldHandle } from '@/features/meeting/desk/ScanField';

const directionLabel = (direction: number) => GATE_DIRECTIONS.find((d) => d.value === direction)?.label ?? '';
const TAG_COLOURS = { ok: 'success', duplicate: 'warning', refused: 'error' } as const;
const clock = () => new Date().toTimeString().slice(0, 8);
/** 审核通过 of 参会人员 (the person status machine's authority): the server asks for it too. */
const PERSON_APPROVE_AUTHORITY = actionAuthority(personDef, machineAction(personDef.machines![0]));

interface Pending {
  gateId: number;
  code: string;
}

const ENTRY = GATE_DIRECTIONS.find((d) => d.key === 'in')!.value;
/** Typing pauses this long before the desk searches (a scanner's burst of keys never waits that long). */
const SEARCH_AFTER_MS = 300;

/**
 * The two counters side by side: at 36 px with the unit as large, "16 人次" broke onto two lines in a
 * 390 px phone's half-width card (and a four-digit count would in the 1440 px column). The unit is set smaller, the number
 * shrinks with a narrow screen, and the line never wraps.
 */
const STAT_STYLES = {
  content: { fontSize: 'clamp(28px, 8vw, 36px)', whiteSpace: 'nowrap' },
  suffix: { fontSize: 16 },
} as const;

/**
 * 签到台: a staff member at a gate scans attendees' personal codes, or finds them. The field keeps the
 * focus (keyboard-wedge scanners type the code and press Enter), each answer fills a large coloured
 * panel, and scans are sent one at a time in the order they were made: an Enter while a code is on its
 * way never sends it twice, and a different code scanned meanwhile waits its turn instead of being lost.
 * What is not a personal code is a search (name, pinyin initials, mobile's last digits, company, badge
 * number), answered as cards to check in by hand, approve or print a badge for. A phone's camera scans
 * through CameraScan.
 */
export default function GateDeskPage() {
  const scopeVersion = useSession((s) => s.scopeVersion);
  const live = useLiveVersion('checkin');
  const [gates, setGates] = useState<DeskGate[] | null>(null);
  const [gateId, setGateId] = useState<number | null>(() => storage.get<number>(DESK_GATE_KEY));
  const [todayByGate, setTodayByGate] = useState<Record<number, number>>({});
  const [session, setSession] = useState<DeskSession>(emptySession);
  const [sending, setSending] = useState(false);
  const input = useRef<ScanFieldHandle>(null);
  const queue = useRef<Pending[]>([]);
  const inFlight = useRef<Pending | null>(null);
  const authorities = useSession((s) => s.authorities);
  const [results, setResults] = useState<DeskPerson[] | null>(null);
  const [searched, setSearched] = useState('');
  const [searching, setSearching] = useState(false);
  const [printing, setPrinting] = useState<number[] | null>(null);
  const [camera, setCamera] = useState(false);
  const searchTimer = useRef<number | undefined>(undefined);
  const searchSeq = useRef(0);
  // No gate remembered and several to choose from: the lone gate of the current activity (the header's) is the obvious one.
  const { activity: currentActivity } = useCurrentActivityLoaded();
  const gateOfCurrent = gateId === null && gates && currentActivity ? gates.filter((g) => g.activityId === currentActivity.id) : [];
  if (gateOfCurrent.length === 1) setGateId(gateOfCurrent[0].id);
  const activityId = gates?.find((g) => g.id === gateId)?.activityId ?? null;
  const offlineDesk = useOfflineDesk(gateId, activityId, live);
  // The callbacks below outlive a render; they read the desk's offline state as it is now.
  const desk = useRef(offlineDesk);
  desk.current = offlineDesk;

  // Installable, and opening without network once opened (production builds; src/lib/serviceWorker.ts).
  useEffect(() => registerDeskWorker(), []);

  const focusScan = useCallback(() => input.current?.focus(), []);

  // The gates and their counts of today: read again on a live check-in, and after an upload, whose verdicts
  // are the true ones (a scan the desk passed offline may have been a conflict, and counted one too many).
  useEffect(() => {
    let alive = true;
    let kept = false;
    loadDeskGates()
      .then((list) => {
        void desk.current.keepGates(list).catch(() => undefined);
        return list;
      })
      .catch(async (error: unknown) => {
        // Offline: the gates this device kept; other failures have been shown by the error mapper.
        if (!unreachable(error)) throw error;
        desk.current.lostServer();
        kept = true;
        return desk.current.keepGates(null);
      })
      .then((list) => {
        if (!alive) return;
        setGates(list);
        const counts = Object.fromEntries(list.map((g) => [g.id, g.todayCount]));
        // Kept counts are as old as the list: the ones this page has counted since are newer.
        setTodayByGate((old) => (kept ? { ...counts, ...old } : counts));
        // A remembered gate that is gone (disabled, another activity) is forgotten; a lone gate is the obvious one.
        setGateId((current) => {
          if (list.some((g) => g.id === current)) return current;
          return list.length === 1 ? list[0].id : null;
        });
      })
      .catch(() => {
        // Shown by the error mapper; the desk stays without gates.
        if (alive) setGates([]);
      });
    return () => {
      alive = false;
    };
  }, [scopeVersion, live, offlineDesk.uploaded]);

  useEffect(() => {
    if (gateId === null) storage.remove(DESK_GATE_KEY);
    else storage.set(DESK_GATE_KEY, gateId);
    if (gateId !== null) focusScan();
  }, [gateId, focusScan]);

  /** The server's verdict; the local copy's when the server cannot be reached (the scan is then queued). */
  const judge = useCallback(async (next: Pending): Promise<ScanOutcome> => {
    if (desk.current.isOffline()) return desk.current.scanLocally(next.gateId, next.code);
    try {
      return await scanAtGate(next.gateId, next.code);
    } catch (error) {
      if (!unreachable(error)) throw error;
      desk.current.lostServer();
      return desk.current.scanLocally(next.gateId, next.code);
    }
  }, []);

  const drain = useCallback(async () => {
    if (inFlight.current) return;
    // Offline nothing is sent, and the render it costs would delay the verdict.
    if (!desk.current.isOffline()) setSending(true);
    while (queue.current.length > 0) {
      const next = queue.current.shift()!;
      inFlight.current = next;
      try {
        const outcome = await judge(next);
        const count = outcome.result?.todayCount;
        const at = outcome.result?.gateId;
        if (typeof count === 'number' && typeof at === 'number') setTodayByGate((old) => ({ ...old, [at]: count }));
        else if (outcome.offline && outcome.verdict === 'ok') setTodayByGate((old) => ({ ...old, [next.gateId]: (old[next.gateId] ?? 0) + 1 }));
        setSession((old) => recordScan(old, outcome, next.code, clock()));
      } catch {
        // A failure other than the network's has been shown by the error mapper; the scan can simply be repeated.
      } finally {
        inFlight.current = null;
      }
    }
    setSending(false);
    focusScan();
  }, [focusScan, judge]);

  const search = useCallback(
    async (text: string) => {
      window.clearTimeout(searchTimer.current);
      if (gateId === null) return;
      const seq = ++searchSeq.current;
      setSearching(true);
      const local = () => desk.current.searchLocally(text);
      try {
        const found = desk.current.isOffline()
          ? await local()
          : await searchAtDesk(gateId, text).catch((error: unknown) => {
              if (!unreachable(error)) throw error;
              desk.current.lostServer();
              return local();
            });
        // Only the answer to the latest search is shown; an earlier one arriving late is dropped.
        if (seq !== searchSeq.current) return;
        setResults(found);
        setSearched(text);
      } catch {
        // Shown by the error mapper.
      } finally {
        if (seq === searchSeq.current) setSearching(false);
      }
    },
    [gateId],
  );

  const clearSearch = () => {
    window.clearTimeout(searchTimer.current);
    searchSeq.current++;
    setSearching(false);
    setResults(null);
  };

  useEffect(() => () => window.clearTimeout(searchTimer.current), []);
  // Another gate may be of another activity: its people are other people.
  useEffect(() => {
    setResults(null);
  }, [gateId]);

  const onType = (value: string) => {
    window.clearTimeout(searchTimer.current);
    const text = value.trim();
    if (text.length < 2 || isPersonCode(text)) return;
    searchTimer.current = window.setTimeout(() => void search(text), SEARCH_AFTER_MS);
  };

  const enqueueScan = (text: string) => {
    if (gateId === null) return;
    clearSearch();
    const same = (p: Pending | null) => p !== null && p.code === text && p.gateId === gateId;
    if (same(inFlight.current) || queue.current.some(same)) return;
    queue.current.push({ gateId, code: text });
    void drain();
  };

  const submit = (text: string): boolean => {
    if (gateId === null) return false;
    // Typed words stay in the field to be refined; a scanned code leaves it empty for the next one.
    if (!isPersonCode(text)) {
      void search(text);
      return false;
    }
    enqueueScan(text);
    return true;
  };

  const replaceCard = (person: DeskPerson) => setResults((old) => old?.map((p) => (p.id === person.id ? person : p)) ?? old);

  const checkIn = async (person: DeskPerson, reason: string) => {
    if (gateId === null) return;
    // Offline the check-in is a scan of the person's code, judged and queued like any other (the reason stays here).
    const done = desk.current.isOffline() ? await desk.current.checkInLocally(gateId, person.id) : await checkInByHand(gateId, person.id, reason);
    if (!done) return;
    replaceCard(done.person);
    setTodayByGate((old) => ({ ...old, [gateId]: (old[gateId] ?? gate?.todayCount ?? 0) + 1 }));
    setSession((old) => recordScan(old, done.outcome, person.name, clock()));
    // The next attendee's code goes into the field again once the dialog has gone (onDialogClosed).
  };

  const approve = async (person: DeskPerson) => {
    if (gateId === null) return;
    try {
      const done = await approveAtDesk(gateId, person.id);
      replaceCard(done.person);
      void message.success(done.msg);
    } catch {
      // Shown by the error mapper.
    }
    focusScan();
  };

  // Clicking anywhere that takes no focus itself gives it back to the scan field.
  const keepFocus = () => {
    window.setTimeout(() => {
      const active = document.activeElement;
      if (gateId !== null && !camera && printing === null && (active === null || active === document.body)) focusScan();
    }, 0);
  };

  // The field is memoised: it calls the handlers of the latest render through this ref.
  const fieldHandlers = useRef({ onType, submit, clearSearch, keepFocus });
  fieldHandlers.current = { onType, submit, clearSearch, keepFocus };
  const field = useMemo(
    () => ({
      onType: (value: string) => fieldHandlers.current.onType(value),
      onSubmit: (text: string) => fieldHandlers.current.submit(text),
      onEscape: () => fieldHandlers.current.clearSearch(),
      onBlur: () => fieldHandlers.current.keepFocus(),
      onCamera: () => setCamera(true),
    }),
    [],
  );

  const gate = gates?.find((g) => g.id === gateId) ?? null;
  const latest: RecentScan | null = session.recent[0] ?? null;
  // Not rendered again by each scan (the desk should answer a scan within 50 ms on a slow laptop).
  const gatePicker = useMemo(
    () => (
      <Select
        aria-label="闸机"
        style={{ width: 'min(420px, calc(100vw - 210px))' }}
        size="large"
        placeholder={gates && gates.length === 0 ? '当前活动没有启用的闸机' : '请选择闸机'}
        loading={gates === null}
        value={gateId ?? undefined}
        options={(gates ?? []).map((g) => ({ value: g.id, label: `${g.name}（${directionLabel(g.direction)}）· ${g.activityName}` }))}
        onChange={(value: number) => setGateId(value)}
        showSearch={{ optionFilterProp: 'label' }}
      />
    ),
    [gates, gateId],
  );

  return (
    <Card
      title={
        <Space>
          <ScanOutlined />
          签到台
        </Space>
      }
      extra={gatePicker}
      onMouseUp={(event) => {
        // Clicks inside a dialog (its content is portalled, but its events bubble here) keep their own focus.
        if (event.currentTarget.contains(event.target as Node)) keepFocus();
      }}
    >
      <NetworkBar desk={offlineDesk} />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <ScanField ref={input} disabled={gateId === null} {...field} />
          <PersonCards
            people={results}
            keyword={searched}
            searching={searching}
            canApprove={authorities.includes(PERSON_APPROVE_AUTHORITY) && authorities.includes(deskApprove.authority)}
            canPrint={authorities.includes(personBulkBadges.authority)}
            entryGate={gate?.direction === ENTRY}
            onCheckIn={checkIn}
            onApprove={approve}
            onDialogClosed={focusScan}
            onPrint={(person) => setPrinting([person.id])}
          />
          <VerdictPanel scan={latest} />
          {gate && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              当前闸机：{gate.name}（{directionLabel(gate.direction)}）· {gate.location} · 设备编号 {gate.deviceNo}
              {sending ? ' · 正在提交…' : ''}
            </Typography.Paragraph>
          )}
        </Col>
        <Col xs={24} lg={8}>
          <Row gutter={16}>
            <Col span={12}>
              <Card size="small">
                <Statistic
                  title={`今日本闸机${gate ? directionLabel(gate.direction) : '通行'}`}
                  value={gate ? (todayByGate[gate.id] ?? gate.todayCount) : '-'}
                  suffix={gate ? '人次' : undefined}
                  styles={STAT_STYLES}
                  data-testid="desk-today"
                />
              </Card>
            </Col>
            <Col span={12}>
              <Card size="small">
                <Statistic title="本次扫码" value={totalScans(session)} suffix="次" styles={STAT_STYLES} data-testid="desk-session" />
              </Card>
            </Col>
          </Row>
          <Space size={4} wrap style={{ margin: '12px 0' }} data-testid="desk-tally">
            <Tag color="success">通过 {session.counts.ok}</Tag>
            <Tag color="warning">重复 {session.counts.duplicate}</Tag>
            <Tag color="error">拒绝 {session.counts.refused}</Tag>
          </Space>
          <ConflictList desk={offlineDesk} />
          <Card size="small" title="最近扫码">
            {session.recent.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本次还没有扫码" />
            ) : (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="desk-recent">
                {session.recent.map((scan) => (
                  <li key={scan.seq} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, padding: '6px 0' }}>
                    <span>
                      <Typography.Text type="secondary">{scan.at}</Typography.Text>{' '}
                      <Typography.Text strong>{scan.result?.person?.name ?? scan.code}</Typography.Text>
                    </span>
                    <span>
                      {scan.offline && <Tag>离线</Tag>}
                      <Tag color={TAG_COLOURS[toneOf(scan.verdict)]}>{VERDICT_LABELS[scan.verdict]}</Tag>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
      </Row>
      <CameraScan
        open={camera}
        onClose={() => setCamera(false)}
        onCode={(scanned) => {
          setCamera(false);
          enqueueScan(scanned.trim());
        }}
      />
      <BadgePrint ids={printing} onClose={() => setPrinting(null)} />
    </Card>
  );
}
