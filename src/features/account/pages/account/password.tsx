import { App, Button, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { login } from '@/api/session';
import { PASSWORD_TOKEN_TTL_MS } from '@/config/constants';
import { KHLX_ORGANISER, YHLX_EDU, YHLX_ORDINARY } from '@domain/session/session.contracts';
import { useSession } from '@/stores/session';
import { PasswordForm } from '../../PasswordForm';

/**
 * /user/password: the first thing a user signed in with a temporary password (系统管理 → 用户 → 重置密码,
 * or a generated one at 新增) sees. The change ends every session, this one included, so the page signs
 * in again with the new password and goes on into the app.
 */
export default function ChangeTemporaryPasswordPage() {
  const user = useSession((s) => s.user);
  const { message } = App.useApp();
  const navigate = useNavigate();
  if (!user) return null;

  const onChanged = async (_msg: string, password: string) => {
    const { signIn, logout } = useSession.getState();
    try {
      const result = await login(user.username, password, user.khlx === KHLX_ORGANISER ? YHLX_ORDINARY : YHLX_EDU);
      signIn(result, PASSWORD_TOKEN_TTL_MS);
      message.success('密码已修改');
      await navigate('/home', { replace: true });
    } catch {
      // The new password is set; the user signs in with it by hand.
      await logout({ revoke: false });
    }
  };

  return (
    <div style={{ width: 368, maxWidth: '100%', margin: '0 auto' }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        修改密码
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {user.nickName}（{user.username}），您正在使用管理员设置的临时密码，请先设置新密码再继续使用系统。
      </Typography.Paragraph>
      <PasswordForm userId={user.userId} currentLabel="临时密码" submitText="修改密码并进入系统" onChanged={onChanged} />
      <Button type="link" style={{ paddingInline: 0 }} onClick={() => void useSession.getState().logout()}>
        退出登录
      </Button>
    </div>
  );
}
