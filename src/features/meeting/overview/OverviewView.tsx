import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLiveVersion } from '@/hooks/useLive';
import { Button, Card, Col, Empty, Result, Row, Select, Space, Spin, Statistic, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { activityLabel } from '@/components/resource/ScopeSelects';
import { activityOptions, type ActivityOption } from '@/components/resource/resourceApi';
import type { MeetingOverview } from '@domain/meeting/overview.contracts';
import { useSession } from '@/stores/session';
import { pickedActivityId } from '@/stores/currentActivity';
import { approvalsOption, gatesOption, hourlyOption, kindsOption, registrationsOption, seatsOption, type ChartOption } from './options';
import { loadOverview } from './overviewApi';
import { approvalStacks, dailyRegistrations, gateBars, hourlyEntries, kindSlices, percentText, seatStacks } from './series';

/**
 * 活动概览: one activity's head counts and charts — registrations per day, kinds, approvals, entries per
 * hour and gate, seat occupancy. The chart library is a chunk of its own (EChart), fetched when the
 * first chart is drawn, so the cards show before it arrives and no other page ever loads it.
 */
const EChart = lazy(() => import('./EChart'));

const CHART_HEIGHT = 300;

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: MeetingOverview | null; refreshing: boolean };

/** What to ask for: an activity (null = the server's choice), a refresh count, and the scope it was picked in. */
interface Wanted {
  activityId: number | null;
  n: number;
  scope: number;
}

function ChartCard(props: { title: string; label: string; option: ChartOption; empty: boolean; emptyText: string; testId: string }) {
  return (
    <Card size="small" title={props.title} data-testid={props.testId}>
      {props.empty ? (
        <div style={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} />
        </div>
      ) : (
        <Suspense
          fallback={
            <div style={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <Spin />
            </div>
          }
        >
          <EChart option={props.option} height={CHART_HEIGHT} label={props.label} />
        </Suspense>
      )}
    </Card>
  );
}

function Figure(props: { testId: string; title: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card size="small" data-testid={props.testId}>
      <Statistic title={props.title} value={props.value as string | number} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {props.note ?? '\u00a0'}
      </Typography.Text>
    </Card>
  );
}

function Figures({ data }: { data: MeetingOverview }) {
  const t = data.totals;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: 16, marginBottom: 16 }}>
      <Figure testId="overview-registered" title="登记人数" value={t.registered} note={`未通过 ${t.rejected} · 已取消 ${t.cancelled}`} />
      <Figure testId="overview-approved" title="已通过" value={t.approved} />
      <Figure testId="overview-pending" title="待审核" value={t.pending} />
      <Figure testId="overview-checkedIn" title="已签到" value={t.checkedIn} />
      <Figure testId="overview-rate" title="签到率" value={percentText(t.checkinRate)} note="已通过人员中已签到的比例" />
    </div>
  );
}

function Charts({ data }: { data: MeetingOverview }) {
  const charts = useMemo(() => {
    const daily = dailyRegistrations(data.registrationsByDay);
    const kinds = kindSlices(data.people);
    const approvals = approvalStacks(data.people);
    const hourly = hourlyEntries(data.checkinsByHour);
    const gates = gateBars(data.checkinsByGate);
    const seats = seatStacks(data.seats);
    return {
      daily: { option: registrationsOption(daily), empty: daily.categories.length === 0 },
      kinds: { option: kindsOption(kinds), empty: kinds.length === 0 },
      approvals: { option: approvalsOption(approvals), empty: approvals.categories.length === 0 },
      hourly: { option: hourlyOption(hourly), empty: hourly.categories.length === 0 },
      gates: { option: gatesOption(gates), empty: gates.categories.length === 0 },
      seats: { option: seatsOption(seats), empty: seats.categories.length === 0 },
    };
  }, [data]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <ChartCard testId="chart-daily" title="每日登记（按登记来源）" label="每日登记人数柱状图与累计登记折线" emptyText="暂无登记" {...charts.daily} />
      </Col>
      <Col xs={24} xl={8}>
        <ChartCard testId="chart-kinds" title="人员类别" label="各人员类别登记人数环形图" emptyText="暂无登记" {...charts.kinds} />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard testId="chart-approvals" title="审核情况（按人员类别）" label="各人员类别登记状态堆叠柱状图" emptyText="暂无登记" {...charts.approvals} />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard testId="chart-seats" title="座位占用（按会场）" label="各会场座位已分配、保留、空闲堆叠条形图" emptyText="暂无座位" {...charts.seats} />
      </Col>
      <Col xs={24} xl={16}>
        <ChartCard testId="chart-hourly" title="入场时段（每小时入场人次）" label="每小时入场人次柱状图" emptyText="暂无入场记录" {...charts.hourly} />
      </Col>
      <Col xs={24} xl={8}>
        <ChartCard testId="chart-gates" title="闸机入场人次" label="各闸机入场人次条形图" emptyText="暂无入场闸机" {...charts.gates} />
      </Col>
    </Row>
  );
}

export function OverviewView() {
  const scopeVersion = useSession((s) => s.scopeVersion);
  const [activities, setActivities] = useState<ActivityOption[] | null>(null);
  const [wanted, setWanted] = useState<Wanted>(() => ({ activityId: pickedActivityId(), n: 0, scope: scopeVersion }));
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const firstScope = useRef(scopeVersion);

  // A switch of the current projects or activities forgets the pick: the server's choice follows the new scope.
  const activityId = wanted.scope === scopeVersion ? wanted.activityId : null;

  useEffect(() => {
    let alive = true;
    activityOptions(scopeVersion !== firstScope.current)
      .then((list) => alive && setActivities(list))
      .catch(() => alive && setActivities([]));
    return () => {
      alive = false;
    };
  }, [scopeVersion]);

  // Check-ins anywhere in the activity shown reload the figures (src/hooks/useLive.ts).
  const live = useLiveVersion('checkin', load.status === 'ready' ? (load.data?.activityId ?? activityId) : activityId);
  useEffect(() => {
    let alive = true;
    // Figures on screen stay, dimmed, while they are read again.
    setLoad((s) => (s.status === 'ready' ? { ...s, refreshing: true } : { status: 'loading' }));
    loadOverview(activityId)
      .then((data) => alive && setLoad({ status: 'ready', data, refreshing: false }))
      .catch(() => alive && setLoad({ status: 'error' }));
    return () => {
      alive = false;
    };
  }, [activityId, wanted.n, scopeVersion, live]);

  const data = load.status === 'ready' ? load.data : null;
  const shownId = data?.activityId ?? activityId;
  // Refreshing keeps to the activity on screen, also when the server picked it.
  const refresh = () => setWanted((w) => ({ activityId: shownId, n: w.n + 1, scope: scopeVersion }));

  const choices = (activities ?? []).map((a) => ({ value: a.id, label: activityLabel(a) }));
  if (data && !choices.some((c) => c.value === data.activityId)) {
    choices.unshift({ value: data.activityId, label: activityLabel({ name: data.activityName, projectName: data.projectName }) });
  }

  const toolbar = (
    <Space wrap style={{ marginBottom: 16 }}>
      <span>活动：</span>
      <Select
        aria-label="活动"
        style={{ width: 420 }}
        value={shownId ?? undefined}
        placeholder="请选择活动"
        loading={activities === null}
        options={choices}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(id: number) => setWanted((w) => ({ activityId: id, n: w.n + 1, scope: scopeVersion }))}
      />
      <Button icon={<ReloadOutlined />} onClick={refresh} loading={load.status === 'loading' || (load.status === 'ready' && load.refreshing)}>
        刷新
      </Button>
    </Space>
  );

  let body: ReactNode;
  if (load.status === 'loading') {
    body = (
      <div style={{ padding: 80, textAlign: 'center' }}>
        <Spin description="正在加载活动概览…">
          <div style={{ width: 200, height: 40 }} />
        </Spin>
      </div>
    );
  } else if (load.status === 'error') {
    body = (
      <Result
        status="error"
        title="活动概览加载失败"
        subTitle="请检查网络后重试"
        extra={
          <Button type="primary" onClick={refresh}>
            重试
          </Button>
        }
      />
    );
  } else if (load.data === null) {
    body = <Empty style={{ padding: 48 }} description="当前没有可查看的活动：请先在顶部切换项目或活动" />;
  } else {
    body = (
      <Spin spinning={load.refreshing}>
        <Figures data={load.data} />
        <Charts data={load.data} />
      </Spin>
    );
  }

  return (
    <div className="zb-meeting-overview">
      {toolbar}
      {body}
    </div>
  );
}
