import { Outlet } from 'react-router-dom';

/** No frame at all: exception pages. */
export default function BlankLayout() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Outlet />
    </div>
  );
}
