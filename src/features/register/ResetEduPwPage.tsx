import { env } from '../../config/env';
import { EDU_LOGIN_PATH } from '../../config/constants';
import { MailResetForm } from './MailResetForm';

/** /htxx/reseteduPw?resetToken=…: where the 找回密码 email of the competition entry leads. */
export default function ResetEduPwPage() {
  return <MailResetForm brand={env.eduTitle} loginPath={EDU_LOGIN_PATH} forgetPath="/htxx/forgeteduPw" />;
}
