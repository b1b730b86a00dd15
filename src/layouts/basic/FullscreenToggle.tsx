import { useEffect, useState } from 'react';
import { Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';

/**
 * Header fullscreen toggle. The icon follows the document's real state, so leaving fullscreen
 * with Esc switches it back too.
 */
export function FullscreenToggle({ color }: { color?: string }) {
  const [fullscreen, setFullscreen] = useState(() => document.fullscreenElement != null);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement != null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    // The browser may refuse (no user gesture, iframe policy); the icon then simply stays as it is.
    const done = fullscreen ? document.exitFullscreen?.() : document.documentElement.requestFullscreen?.();
    done?.catch(() => {});
  };

  const label = fullscreen ? '退出全屏' : '全屏';
  return (
    <Tooltip title={label}>
      <button type="button" className="zb-header-action" aria-label={label} onClick={toggle} style={{ color }}>
        {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </button>
    </Tooltip>
  );
}
