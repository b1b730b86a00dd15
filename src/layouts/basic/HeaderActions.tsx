import { Tooltip } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { HOME_PATH } from '../../config/constants';
import { useSession } from '../../stores/session';
import type { Device } from './device';
import { FullscreenToggle } from './FullscreenToggle';
import { NoticeBell } from './NoticeBell';
import { UserMenu } from './UserMenu';

/**
 * The right part of the header: the user's tips in bold red, home (the member address page),
 * fullscreen, the notice bell and the user menu. On a phone the tips and the fullscreen toggle give way.
 */
export function HeaderActions({ dark, device }: { dark: boolean; device: Device }) {
  const tips = useSession((s) => s.user?.tips);
  const color = dark ? 'rgba(255, 255, 255, 0.85)' : undefined;
  const phone = device === 'mobile';
  return (
    <div className="zb-header-right">
      {tips && !phone && (
        <span className={dark ? 'zb-tips zb-tips-dark' : 'zb-tips'} title={tips}>
          {tips}
        </span>
      )}
      <Tooltip title="首页">
        <Link to={HOME_PATH} className="zb-header-action" aria-label="首页" style={{ color }}>
          <HomeOutlined />
        </Link>
      </Tooltip>
      {!phone && <FullscreenToggle color={color} />}
      <NoticeBell color={color} />
      <UserMenu color={color} compact={phone} />
    </div>
  );
}
