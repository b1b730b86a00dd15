import { Outlet } from 'react-router-dom';
import { env } from '../config/env';
import { EDU_LOGIN_PATH } from '../config/constants';
import { AuthLayoutFrame } from './AuthLayoutFrame';

/** Layout of /edu/**: the competition entry, branded with the competition name (also the page title). */
export default function EduLayout() {
  return (
    <AuthLayoutFrame homeTo={EDU_LOGIN_PATH} title={env.eduTitle} subtitle="参赛用户登录">
      <Outlet />
    </AuthLayoutFrame>
  );
}
