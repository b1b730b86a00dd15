import { YHLX_EDU } from '@domain/session/session.contracts';
import { env } from '../../config/env';
import { EDU_LOGIN_PATH } from '../../config/constants';
import { ForgetPasswordForm } from './ForgetPasswordForm';

/** /htxx/forgeteduPw: password recovery of the competition entry, under the competition's name. */
export default function ForgetEduPwPage() {
  return <ForgetPasswordForm yhlx={YHLX_EDU} brand={env.eduTitle} loginPath={EDU_LOGIN_PATH} />;
}
