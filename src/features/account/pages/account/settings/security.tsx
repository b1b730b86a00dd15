import { App, Typography } from 'antd';
import { confirmAction } from '@/components/confirm';
import { useSession } from '@/stores/session';
import { PasswordForm } from '@/features/account/PasswordForm';

/** Long enough to read '修改成功，请重新登录' before the page goes to the login. */
const LEAVE_AFTER_PASSWORD_CHANGE_MS = 1500;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * 安全设置: change one's own password. A changed password forces a new sign-in: the server
 * has already revoked every token of the user, so the local session is cleared without asking the
 * server to revoke it again, and the user leaves as at logout (kind 3: reload onto the login page;
 * others: the education login).
 */
export default function SecuritySettingsPage() {
  const user = useSession((s) => s.user);
  const { message } = App.useApp();
  if (!user) return null;

  const onChanged = async (msg: string) => {
    message.success(msg || '修改成功，请重新登录');
    await pause(LEAVE_AFTER_PASSWORD_CHANGE_MS);
    // Someone else (a 401 elsewhere on the page) may have ended the session meanwhile, and is leaving.
    if (useSession.getState().token === null) return;
    await useSession.getState().logout({ revoke: false });
  };

  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 8 }}>
        安全设置
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        登录账号：{user.username}。修改密码后，所有已登录的设备都需要重新登录。
      </Typography.Paragraph>
      <PasswordForm
        userId={user.userId}
        beforeSubmit={() => confirmAction({ title: '确认操作', content: '确定要修改密码吗？修改成功后需要重新登录。' })}
        onChanged={onChanged}
      />
    </>
  );
}
