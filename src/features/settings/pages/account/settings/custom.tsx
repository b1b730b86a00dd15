import { Typography } from 'antd';
import { SettingsForm } from '@/components/settings/SettingsForm';

/**
 * 个性化设置 (/account/settings/custom): the layout settings for every signed-in user — the same form as
 * the settings drawer, which only the admin sees, and only outside production builds.
 */
export default function CustomSettingsPage() {
  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        个性化设置
      </Typography.Title>
      <Typography.Paragraph type="secondary">布局与主题的设置立即生效，并保存在当前浏览器中。</Typography.Paragraph>
      <SettingsForm />
    </div>
  );
}
