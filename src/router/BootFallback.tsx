import { useEffect } from 'react';
import { NProgress } from './progress';

/**
 * Shown while the very first navigation (and its guard) runs, before any route can render; also while
 * antd's providers load. Plain markup styled in index.html (the spinner of antd's Spin, drawn with CSS),
 * so showing it needs no antd.
 */
export function BootFallback() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return (
    <div className="zb-boot" role="status" aria-label="加载中">
      <span className="zb-boot-spin" />
    </div>
  );
}
