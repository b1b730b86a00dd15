import { LOGIN_PATH } from '../../config/constants';
import { PRODUCT_NAME } from '../../layouts/brand';
import { MailResetForm } from './MailResetForm';

/** /htxx/resetPw?resetToken=…: where the 找回密码 email of the organiser entry leads. */
export default function ResetPwPage() {
  return <MailResetForm brand={PRODUCT_NAME} loginPath={LOGIN_PATH} forgetPath="/htxx/forgetPw" />;
}
