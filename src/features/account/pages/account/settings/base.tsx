import { useCallback, useEffect, useState } from 'react';
import { App, Button, Form, Input, Result, Skeleton, Typography } from 'antd';
import { mailRules, nickNameRules, toAntdRule } from '@domain/core/validators';
import { useSession } from '@/stores/session';
import { fetchProfile, updateProfile, type ProfileForm } from '@/features/account/api';

/**
 * 基本设置: the profile form (id, nickName, zw, mail), loaded from the server rather than
 * from the session, so it shows what is stored now. After a save the session's user info is fetched
 * again, so the header shows the new name. A refused save keeps everything the user typed.
 */
export default function BaseSettingsPage() {
  const userId = useSession((s) => s.user?.userId);
  const refreshUser = useSession((s) => s.refreshUser);
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileForm>();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    if (userId === undefined) return;
    setState('loading');
    try {
      const profile = await fetchProfile(userId);
      form.setFieldsValue({ id: profile.userId, nickName: profile.nickName, zw: profile.zw ?? '', mail: profile.mail ?? '' });
      setState('ready');
    } catch {
      // Shown by the error mapper; offer to try again instead of an empty form that would overwrite.
      setState('failed');
    }
  }, [form, userId]);

  useEffect(() => {
    void load();
  }, [load]);

  const onFinish = async (values: ProfileForm) => {
    setSaving(true);
    try {
      const msg = await updateProfile(values);
      message.success(msg || '修改成功');
      await refreshUser().catch(() => undefined);
    } catch {
      // Shown by the error mapper; the form keeps the values for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 24 }}>
        基本设置
      </Typography.Title>
      {state === 'failed' && (
        <Result status="warning" title="个人信息加载失败" extra={<Button onClick={() => void load()}>重新加载</Button>} />
      )}
      {state === 'loading' && <Skeleton active />}
      {/* Mounted while loading too, so setFieldsValue has a form to fill. */}
      <Form
        form={form}
        name="profile"
        layout="vertical"
        style={{ maxWidth: 440, display: state === 'ready' ? undefined : 'none' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="id" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="nickName" label="姓名" rules={[toAntdRule(nickNameRules, { required: true })]}>
          <Input placeholder="请输入姓名" maxLength={50} />
        </Form.Item>
        <Form.Item name="zw" label="职务">
          <Input placeholder="请输入职务" maxLength={50} />
        </Form.Item>
        <Form.Item name="mail" label="邮箱" rules={[toAntdRule(mailRules, { required: true })]}>
          <Input placeholder="请输入邮箱" maxLength={100} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            更新基本信息
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
