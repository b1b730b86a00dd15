import { useEffect } from 'react';
import { Spin } from 'antd';
import NProgress from 'nprogress';

/** Shown while the very first navigation (and its guard) runs, before any route can render. */
export function BootFallback() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
