import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Spin, Tabs } from 'antd';
import { seat } from '../../../../../shared/resources/meeting';
import { useSession } from '../../../../../stores/session';
import { SeatMapView } from '../../../seats/SeatMapView';
import { prefetchSeatMap } from '../../../seats/seatApi';

/**
 * 座位: the seat map (default) or the generic list of the seat definition. Each tab is built when first
 * shown and then kept, with its hall, page and filters; coming back to the map reads the seats again,
 * since the list may have changed them, and the list is built anew after the map changed seats. A link
 * that filters the list (?hall=…) opens the list.
 */
type View = 'map' | 'list';

// The list (table, search bar, forms of every field type) loads only when it is first shown, so the map
// (the page's first view) does not wait for it.
const ResourcePage = lazy(() => import('../../../../../components/resource/ResourcePage').then((m) => ({ default: m.ResourcePage })));

// The map's data is asked for as soon as this page's code has arrived (the router loads it only for a
// signed-in user): the request then runs while the layout and this page are still being built. A link to
// the list does not need it.
if (!linksToList(window.location.search)) prefetchSeatMap(useSession.getState().scopeVersion);

/** Whether the address filters the list, as ResourcePage reads it (its `filtersFromSearch`), without loading it. */
function linksToList(search: string): boolean {
  const params = new URLSearchParams(search);
  return seat.fields.some((f) => (f.filter === 'like' || f.filter === 'eq') && (params.get(f.name) ?? '').trim() !== '');
}

export default function SeatPage() {
  const { search } = useLocation();
  const [view, setView] = useState<View>(() => (linksToList(search) ? 'list' : 'map'));
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
