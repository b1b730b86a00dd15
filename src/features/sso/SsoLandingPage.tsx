import { YHLX_ORDINARY } from '@domain/session/session.contracts';
import { LOGIN_PATH } from '../../config/constants';
import { SsoLanding } from './SsoLanding';

/** /htxx/ssodl?ticket=…: organiser staff arriving from another system of the organiser. */
export default function SsoLandingPage() {
  return <SsoLanding yhlx={YHLX_ORDINARY} loginPath={LOGIN_PATH} />;
}
