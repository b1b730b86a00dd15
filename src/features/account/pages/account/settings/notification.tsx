import { useCallback, useEffect, useState } from 'react';
import { App, Button, Result, Skeleton, Switch, Typography } from 'antd';
import type { NotifyPrefs } from '@domain/account/profile.contracts';
import { fetchNotifyPrefs, updateNotifyPrefs } from '@/features/account/api';
import { SettingRow } from '@/features/account/SettingRow';
import { useNoticeSignal } from '@/stores/notices';

const KINDS: ReadonlyArray<{ key: keyof NotifyPrefs; title: string; description: string }> = [
  { key: 'system', title: '系统通知', description: '系统公告、账号与安全相关的消息' },
  { key: 'activity', title: '活动提醒', description: '活动报名、开始与变更提醒' },
  { key: 'finance', title: '财务提醒', description: '合同、发票与回款相关的提醒' },
];

/**
 * 新消息通知: which kinds of notice the header bell shows. Each switch saves at once; a refused save puts the
 * switch back, so what is shown is always what the server holds.
 */
export default function NotificationSettingsPage() {
  const { message } = App.useApp();
  const [prefs, setPrefs] = useState<NotifyPrefs | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<keyof NotifyPrefs | null>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setPrefs(await fetchNotifyPrefs());
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const toggle = async (key: keyof NotifyPrefs, on: boolean) => {
    if (!prefs) return;
    const before = prefs;
    const next = { ...prefs, [key]: on };
    setPrefs(next);
    setSaving(key);
    try {
      message.success((await updateNotifyPrefs(next)) || '修改成功');
      // The bell follows these switches: let it reload now rather than at the next page change.
      useNoticeSignal.getState().invalidate();
    } catch {
      setPrefs(before);
    } finally {
      setSaving(null);
    }
  };

  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 8 }}>
        新消息通知
      </Typography.Title>
      {failed && <Result status="warning" title="通知设置加载失败" extra={<Button onClick={() => void load()}>重新加载</Button>} />}
      {!failed && !prefs && <Skeleton active />}
      {prefs &&
        KINDS.map((kind) => (
          <SettingRow
            key={kind.key}
            title={kind.title}
            description={<Typography.Text type="secondary">{kind.description}</Typography.Text>}
            action={
              <Switch
                aria-label={kind.title}
                checkedChildren="开"
                unCheckedChildren="关"
                checked={prefs[kind.key]}
                loading={saving === kind.key}
                disabled={saving !== null}
                onChange={(on) => void toggle(kind.key, on)}
              />
            }
          />
        ))}
    </>
  );
}
