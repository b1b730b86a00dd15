import { YHLX_EDU } from '@domain/session/session.contracts';
import { EDU_LOGIN_PATH } from '../../config/constants';
import { CompetitionBanner } from '../../components/CompetitionBanner';
import { SsoLanding } from './SsoLanding';

/** /htxx/ssodledu?ticket=…: competition users arriving from the competition's own site. */
export default function SsoEduLandingPage() {
  return <SsoLanding yhlx={YHLX_EDU} loginPath={EDU_LOGIN_PATH} banner={<CompetitionBanner subtitle="参赛用户单点登录" />} />;
}
