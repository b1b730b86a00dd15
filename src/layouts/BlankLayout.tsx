import { Outlet } from 'react-router-dom';
import { PageHeading } from './PageHeading';

/** No frame at all: exception pages. */
export default function BlankLayout() {
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <PageHeading />
      <Outlet />
    </main>
  );
}
