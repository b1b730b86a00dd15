import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Spin, Tabs } from 'antd';
import { seat } from '@domain/meeting/resources';
import { SeatMapView } from '@/features/meeting/seats/SeatMapView';
import { linksToSeatList, startSeatMapEarly } from '@/features/meeting/seats/earlyMap';

/**
 * 座位: the seat map (default) or the generic list of the seat definition. Each tab is built when first
 * shown and then kept, with its hall, page and filters; coming back to the map reads the seats again,
 * since the list may have changed them, and the list is built anew after the map changed seats. A link
 * that filters the list (?hallId=…) opens the list.
 */
type View = 'map' | 'list';

// The list (table, search bar, forms of every field type) loads only when it is first shown, so the map
// (the page's first view) does not wait for it.
const ResourcePage = lazy(() => import('@/components/resource/ResourcePage').then((m) => ({ default: m.ResourcePage })));

// The map's data is asked for when the route matches (src/router/earlyData.ts); when it was not (a link
// that filters the list, a test), it is asked for here — a request already under way is reused.
startSeatMapEarly(window.location.search);

export default function SeatPage() {
  const { search } = useLocation();
  const [view, setView] = useState<View>(() => (linksToSeatList(search) ? 'list' : 'map'));
  const [mapReturns, setMapReturns] = useState(0);
  const [listVersion, setListVersion] = useState(0);
  const [listStale, setListStale] = useState(false);

  return (
    <Tabs
      className="zb-seat-page"
      activeKey={view}
      onChange={(key) => {
        const next = key as View;
        if (next === 'map') setMapReturns((n) => n + 1);
        else if (listStale) {
          // Assignments and new halls made on the map show in the list, from page 1.
          setListVersion((n) => n + 1);
          setListStale(false);
        }
        setView(next);
      }}
      items={[
        { key: 'map', label: '座位图', children: <SeatMapView refresh={mapReturns} onChanged={() => setListStale(true)} /> },
        {
          key: 'list',
          label: '列表',
          children: (
            <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
              <ResourcePage key={listVersion} def={seat} linkSearch={search} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
