import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Card, Col, Empty, Input, Row, Select, Space, Statistic, Tag, Typography, type InputRef } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { GATE_DIRECTIONS } from '@domain/meeting/resources';
import type { DeskGate } from '@domain/meeting/gateScan.contracts';
import { storage } from '@/lib/storage';
import { useSession } from '@/stores/session';
import { useLiveVersion } from '@/hooks/useLive';
import { loadDeskGates, scanAtGate } from '@/features/meeting/desk/deskApi';
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

const directionLabel = (direction: number) => GATE_DIRECTIONS.find((d) => d.value === direction)?.label ?? '';
const TAG_COLOURS = { ok: 'success', duplicate: 'warning', refused: 'error' } as const;
const clock = () => new Date().toTimeString().slice(0, 8);

interface Pending {
  gateId: number;
  code: string;
}

/**
 * 签到台: a staff member at a gate scans attendees' personal codes. The scan field keeps the focus
 * (keyboard-wedge scanners type the code and press Enter), each answer fills a large coloured panel, and
 * scans are sent one at a time in the order they were made: an Enter while a code is on its way never
 * sends it twice, and a different code scanned meanwhile waits its turn instead of being lost.
 */
export default function GateDeskPage() {
  const scopeVersion = useSession((s) => s.scopeVersion);
  const live = useLiveVersion('checkin');
  const [gates, setGates] = useState<DeskGate[] | null>(null);
  const [gateId, setGateId] = useState<number | null>(() => storage.get<number>(DESK_GATE_KEY));
  const [todayByGate, setTodayByGate] = useState<Record<number, number>>({});
  const [session, setSession] = useState<DeskSession>(emptySession);
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');
  const input = useRef<InputRef>(null);
  const queue = useRef<Pending[]>([]);
  const inFlight = useRef<Pending | null>(null);

  const focusScan = useCallback(() => input.current?.focus({ cursor: 'end' }), []);

  useEffect(() => {
    let alive = true;
    loadDeskGates()
      .then((list) => {
        if (!alive) return;
        setGates(list);
        setTodayByGate(Object.fromEntries(list.map((g) => [g.id, g.todayCount])));
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
  }, [scopeVersion, live]);

  useEffect(() => {
    if (gateId === null) storage.remove(DESK_GATE_KEY);
    else storage.set(DESK_GATE_KEY, gateId);
    if (gateId !== null) focusScan();
  }, [gateId, focusScan]);

  const drain = useCallback(async () => {
    if (inFlight.current) return;
    setSending(true);
    while (queue.current.length > 0) {
      const next = queue.current.shift()!;
      inFlight.current = next;
      try {
        const outcome = await scanAtGate(next.gateId, next.code);
        const count = outcome.result?.todayCount;
        const at = outcome.result?.gateId;
        if (typeof count === 'number' && typeof at === 'number') setTodayByGate((old) => ({ ...old, [at]: count }));
        setSession((old) => recordScan(old, outcome, next.code, clock()));
      } catch {
        // A transport failure has been shown by the error mapper; the scan can simply be repeated.
      } finally {
        inFlight.current = null;
      }
    }
    setSending(false);
    focusScan();
  }, [focusScan]);

  const submit = () => {
    const text = (input.current?.input?.value ?? code).trim();
    setCode('');
    if (!text || gateId === null) return;
    const same = (p: Pending | null) => p !== null && p.code === text && p.gateId === gateId;
    if (same(inFlight.current) || queue.current.some(same)) return;
    queue.current.push({ gateId, code: text });
    void drain();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // A held-down Enter repeats keydown: only the first press of a scan counts.
    if (!event.repeat) submit();
  };

  // Clicking anywhere that takes no focus itself gives it back to the scan field.
  const keepFocus = () => {
    window.setTimeout(() => {
      const active = document.activeElement;
      if (gateId !== null && (active === null || active === document.body)) focusScan();
    }, 0);
  };

  const gate = gates?.find((g) => g.id === gateId) ?? null;
  const latest: RecentScan | null = session.recent[0] ?? null;
  const gateOptions = (gates ?? []).map((g) => ({
    value: g.id,
    label: `${g.name}（${directionLabel(g.direction)}）· ${g.activityName}`,
  }));

  return (
    <Card
      title={
        <Space>
          <ScanOutlined />
          签到台
        </Space>
      }
      extra={
        <Select
          aria-label="闸机"
          style={{ width: 420 }}
          size="large"
          placeholder={gates && gates.length === 0 ? '当前活动没有启用的闸机' : '请选择闸机'}
          loading={gates === null}
          value={gateId ?? undefined}
          options={gateOptions}
          onChange={(value: number) => setGateId(value)}
          showSearch={{ optionFilterProp: 'label' }}
        />
      }
      onMouseUp={keepFocus}
    >
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <Input
            ref={input}
            id="desk-code"
            size="large"
            autoFocus
            autoComplete="off"
            spellCheck={false}
            disabled={gateId === null}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={keepFocus}
            prefix={<ScanOutlined />}
            placeholder={gateId === null ? '请先在右上角选择闸机' : '请扫描个人二维码，或手动输入后按回车'}
            aria-label="个人二维码"
            style={{ fontSize: 28, height: 72, marginBottom: 16 }}
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
                  styles={{ content: { fontSize: 36 } }}
                  data-testid="desk-today"
                />
              </Card>
            </Col>
            <Col span={12}>
              <Card size="small">
                <Statistic title="本次扫码" value={totalScans(session)} suffix="次" styles={{ content: { fontSize: 36 } }} data-testid="desk-session" />
              </Card>
            </Col>
          </Row>
          <Space size={4} wrap style={{ margin: '12px 0' }} data-testid="desk-tally">
            <Tag color="success">通过 {session.counts.ok}</Tag>
            <Tag color="warning">重复 {session.counts.duplicate}</Tag>
            <Tag color="error">拒绝 {session.counts.refused}</Tag>
          </Space>
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
                    <Tag color={TAG_COLOURS[toneOf(scan.verdict)]}>{VERDICT_LABELS[scan.verdict]}</Tag>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
