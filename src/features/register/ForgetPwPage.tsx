import { YHLX_ORDINARY } from '@domain/session/session.contracts';
import { LOGIN_PATH } from '../../config/constants';
import { PRODUCT_NAME } from '../../layouts/brand';
import { ForgetPasswordForm } from './ForgetPasswordForm';

/** /htxx/forgetPw: password recovery of the organiser entry (staff and the admin account). */
export default function ForgetPwPage() {
  return <ForgetPasswordForm yhlx={YHLX_ORDINARY} brand={PRODUCT_NAME} loginPath={LOGIN_PATH} />;
}
