import type { ReactNode } from 'react';
import { Button, Divider, Flex, Radio, Switch, Tooltip, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { PRIMARY_COLORS, type ContentWidth, type LayoutMode, type NavTheme } from '../../config/settings';
import { useSettings } from '../../stores/settings';
import './settings.css';

/**
 * The layout settings as one form, shared by the development settings drawer and the page
 * 个性化设置. Every control writes to the settings store, which applies and persists the change at once.
 */
const NAV_THEMES: ReadonlyArray<{ value: NavTheme; label: string }> = [
  { value: 'dark', label: '暗色菜单' },
  { value: 'light', label: '亮色菜单' },
  { value: 'realDark', label: '暗黑模式' },
];

const LAYOUT_MODES: ReadonlyArray<{ value: LayoutMode; label: string }> = [
  { value: 'sidemenu', label: '侧边菜单' },
  { value: 'topmenu', label: '顶部菜单' },
];

const CONTENT_WIDTHS: ReadonlyArray<{ value: ContentWidth; label: string }> = [
  { value: 'Fixed', label: '固定' },
  { value: 'Fluid', label: '流式' },
];

function SettingRow({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={12} className="zb-setting-row">
      <div>
        <div>{label}</div>
        {hint && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{hint}</Typography.Text>}
      </div>
      <div style={{ flex: 'none' }}>{children}</div>
    </Flex>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Flex vertical gap={12}>
        {children}
      </Flex>
    </section>
  );
}

function ColorSwatches({ value, onChange }: { value: string; onChange(color: string): void }) {
  return (
    <Flex wrap gap={8} role="radiogroup" aria-label="主题色">
      {PRIMARY_COLORS.map(({ name, color }) => {
        const selected = value.toLowerCase() === color;
        return (
          <Tooltip key={color} title={name}>
            <button
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={name}
              className="zb-color-swatch"
              style={{ background: color }}
              onClick={() => onChange(color)}
            >
              {selected && <CheckOutlined />}
            </button>
          </Tooltip>
        );
      })}
    </Flex>
  );
}

export function SettingsForm() {
  const settings = useSettings((s) => s.settings);
  const update = useSettings((s) => s.update);
  const reset = useSettings((s) => s.reset);

  return (
    <div className="zb-settings-form">
      <Section title="整体风格">
        <Radio.Group
          aria-label="整体风格"
          optionType="button"
          options={[...NAV_THEMES]}
          value={settings.navTheme}
          onChange={(e) => update({ navTheme: e.target.value as NavTheme })}
        />
      </Section>
      <Divider />
      <Section title="主题色">
        <ColorSwatches value={settings.primaryColor} onChange={(primaryColor) => update({ primaryColor })} />
      </Section>
      <Divider />
      <Section title="导航模式">
        <Radio.Group
          aria-label="导航模式"
          optionType="button"
          options={[...LAYOUT_MODES]}
          value={settings.layout}
          onChange={(e) => update({ layout: e.target.value as LayoutMode })}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          侧边菜单仅对管理员账号生效，其他账号始终使用顶部菜单
        </Typography.Text>
        <SettingRow label="内容区域宽度" hint="仅顶部菜单布局时生效">
          <Radio.Group
            aria-label="内容区域宽度"
            size="small"
            optionType="button"
            options={[...CONTENT_WIDTHS]}
            value={settings.contentWidth}
            onChange={(e) => update({ contentWidth: e.target.value as ContentWidth })}
          />
        </SettingRow>
        <SettingRow label="固定 Header">
          <Switch aria-label="固定 Header" size="small" checked={settings.fixedHeader} onChange={(fixedHeader) => update({ fixedHeader })} />
        </SettingRow>
        <SettingRow label="下滑时隐藏 Header" hint={settings.fixedHeader ? undefined : '固定 Header 时可配置'}>
          <Switch
            aria-label="下滑时隐藏 Header"
            size="small"
            disabled={!settings.fixedHeader}
            checked={settings.autoHideHeader}
            onChange={(autoHideHeader) => update({ autoHideHeader })}
          />
        </SettingRow>
        <SettingRow label="固定侧边菜单" hint={settings.layout === 'sidemenu' ? undefined : '侧边菜单布局时可配置'}>
          <Switch
            aria-label="固定侧边菜单"
            size="small"
            disabled={settings.layout !== 'sidemenu'}
            checked={settings.fixSiderbar}
            onChange={(fixSiderbar) => update({ fixSiderbar })}
          />
        </SettingRow>
      </Section>
      <Divider />
      <Section title="其他设置">
        <SettingRow label="色弱模式">
          <Switch aria-label="色弱模式" size="small" checked={settings.colorWeak} onChange={(colorWeak) => update({ colorWeak })} />
        </SettingRow>
        <SettingRow label="多页签模式">
          <Switch aria-label="多页签模式" size="small" checked={settings.multiTab} onChange={(multiTab) => update({ multiTab })} />
        </SettingRow>
      </Section>
      <Divider />
      <Button block onClick={reset}>
        恢复默认设置
      </Button>
    </div>
  );
}
