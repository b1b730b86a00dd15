import type { ReactNode } from 'react';
import { Alert, Empty, Spin, Tag, Typography } from 'antd';
import { CarOutlined, LayoutOutlined, ScheduleOutlined } from '@ant-design/icons';
import type { AttendeeItinerary as Itinerary, AttendeeSession } from '@domain/meeting/attendeePage.contracts';
import { fetchItinerary } from './api';
import { dateRange } from './parts';
import { useRemote } from '@/hooks/useRemote';

/**
 * The part of the personal page that matters on the day: where the holder sits, the activity's agenda
 * (their own talks marked) and the buses they ride. Phone first: lists of lines, never a table, so
 * nothing is wider than a 390 px screen.
 */
export function AttendeeItinerary({ code }: { code: string }) {
  const { state, retry } = useRemote(code, () => fetchItinerary(code));
  if (state.status === 'loading') {
    return (
      <div className="zb-itin-loading" role="status">
        <Spin size="small" /> 正在加载座位、日程与班车…
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title="座位、日程与班车加载失败"
        description={state.message}
        action={
          <Typography.Link onClick={retry} role="button">
            重试
          </Typography.Link>
        }
      />
    );
  }
  // A refusal (rejected or cancelled registration): the state above already says what to do.
  if (state.status === 'refused') return null;
  return <ItineraryView itinerary={state.data} />;
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="zb-itin-section" aria-label={title}>
      <Typography.Title level={5} className="zb-itin-title">
        {icon} {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function ItineraryView({ itinerary }: { itinerary: Itinerary }) {
  const days = groupByDay(itinerary.agenda);
  return (
    <div className="zb-itin" data-testid="attendee-itinerary">
      <Section icon={<LayoutOutlined />} title="我的座位">
        {itinerary.seats.length ? (
          <ul className="zb-itin-list">
            {itinerary.seats.map((seat) => (
              <li key={`${seat.hall}-${seat.rowNo}-${seat.seatNo}`} className="zb-itin-seat">
                <Typography.Text type="secondary">{seat.hall}</Typography.Text>
                <Typography.Text strong>{seat.label}</Typography.Text>
              </li>
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">暂未分配座位，入场后请听从工作人员引导。</Typography.Text>
        )}
      </Section>

      <Section icon={<CarOutlined />} title="我的班车">
        {itinerary.shuttles.length ? (
          itinerary.shuttles.map((line) => (
            <div key={line.id} className="zb-itin-bus">
              <Typography.Text strong>{line.name}</Typography.Text>
              <div className="zb-itin-meta">
                {line.departAt && <span>发车 {line.departAt}</span>}
                <span>车牌 {line.plate}</span>
                <span>
                  司机 {line.driver} <a href={`tel:${line.driverMobile}`}>{line.driverMobile}</a>
                </span>
              </div>
              <ol className="zb-itin-stops" aria-label={`${line.name} 停靠站点`}>
                {line.stops.map((stop, i) => (
                  <li key={i}>
                    <span className="zb-itin-time">{stop.arriveAt}</span>
                    <span>{stop.stopName}</span>
                  </li>
                ))}
              </ol>
            </div>
          ))
        ) : (
          <Typography.Text type="secondary">您没有安排班车。</Typography.Text>
        )}
      </Section>

      <Section icon={<ScheduleOutlined />} title="活动日程">
        {itinerary.srq && <Typography.Paragraph type="secondary">{dateRange(itinerary.srq, itinerary.erq)}</Typography.Paragraph>}
        {days.length ? (
          days.map(([day, sessions]) => (
            <div key={day} className="zb-itin-day">
              <Typography.Text strong>{day}</Typography.Text>
              <ul className="zb-itin-list">
                {sessions.map((s) => (
                  <li key={s.id} className={s.mine ? 'zb-itin-session zb-itin-mine' : 'zb-itin-session'}>
                    <span className="zb-itin-time">
                      {s.startTime}–{s.endTime}
                    </span>
                    <span className="zb-itin-what">
                      <span>
                        {s.title} {s.mine && <Tag color="gold">我的演讲</Tag>}
                      </span>
                      {(s.hall || s.host) && (
                        <Typography.Text type="secondary" className="zb-itin-small">
                          {[s.hall, s.host && `主持：${s.host}`].filter(Boolean).join(' · ')}
                        </Typography.Text>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="日程尚未发布" />
        )}
      </Section>
    </div>
  );
}

/** The sessions by day, in the order the server sent them (day, then start time). */
function groupByDay(agenda: AttendeeSession[]): Array<[string, AttendeeSession[]]> {
  const days = new Map<string, AttendeeSession[]>();
  for (const s of agenda) days.set(s.day, [...(days.get(s.day) ?? []), s]);
  return [...days];
}
