import { Outlet } from 'react-router-dom';
import { AuthLayoutFrame } from './AuthLayoutFrame';
import { PRODUCT_NAME, PRODUCT_SUBTITLE } from './brand';

/** Layout of /user/**: the organiser entry; the logo leads to the product root. */
export default function UserLayout() {
  return (
    <AuthLayoutFrame homeTo="/" title={PRODUCT_NAME} subtitle={PRODUCT_SUBTITLE}>
      <Outlet />
    </AuthLayoutFrame>
  );
}
