import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Segmented } from 'antd';
import { BarsOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { filtersFromSearch, ResourcePage } from '@/components/resource/ResourcePage';
import { schedule } from '@domain/meeting/resources';
import { ScheduleTimeline } from '@/features/meeting/schedule/ScheduleTimeline';

/**
 * 日程: the timeline (default) or the generic list of the definition. Both stay mounted once shown, so
 * each keeps its day, page and filters; coming back to the timeline reads the sessions again, since the
 * list may have changed them, and the list is read again after the timeline saved. A link that filters the list (?title=…) opens the list.
 */
type View = 'timeline' | 'list';

export default function SchedulePage() {
  const { search } = useLocation();
  const [view, setView] = useState<View>(() => (Object.keys(filtersFromSearch(schedule, search)).length > 0 ? 'list' : 'timeline'));
  const [listShown, setListShown] = useState(view === 'list');
  const [timelineShown, setTimelineShown] = useState(view === 'timeline');
  const [returns, setReturns] = useState(0);
  // The list is built anew (at page 1) when the timeline saved a session since it was last shown.
  const [listVersion, setListVersion] = useState(0);
  const [listStale, setListStale] = useState(false);

  const show = (next: View) => {
    if (next === view) return;
    setView(next);
    if (next === 'list') {
      setListShown(true);
      if (listStale) {
        setListVersion((n) => n + 1);
        setListStale(false);
      }
    } else if (timelineShown) setReturns((n) => n + 1);
    else setTimelineShown(true);
  };

  return (
    <div className="zb-schedule-page">
      <Segmented<View>
        value={view}
        onChange={show}
        style={{ marginBottom: 16 }}
        options={[
          { value: 'timeline', label: '时间轴', icon: <FieldTimeOutlined /> },
          { value: 'list', label: '列表', icon: <BarsOutlined /> },
        ]}
      />
      {timelineShown && (
        <div hidden={view !== 'timeline'}>
          <ScheduleTimeline refresh={returns} onSaved={() => setListStale(true)} />
        </div>
      )}
      {listShown && (
        <div hidden={view !== 'list'}>
          <ResourcePage key={listVersion} def={schedule} linkSearch={search} />
        </div>
      )}
    </div>
  );
}
