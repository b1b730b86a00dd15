import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { SETTINGS_DRAWER_WIDTH } from '../../config/constants';
import { SettingsForm } from '../../components/settings/SettingsForm';

/**
 * The development settings drawer (only outside production, only for the admin; the layout
 * decides): a handle on the right edge of the window opens the layout settings form.
 */
export function SettingDrawer() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="primary"
        className="zb-setting-handle"
        icon={open ? <CloseOutlined /> : <SettingOutlined />}
        aria-label="布局设置"
        onClick={() => setOpen(!open)}
        style={{ right: open ? SETTINGS_DRAWER_WIDTH : 0 }}
      />
      <Drawer title="布局设置" placement="right" size={SETTINGS_DRAWER_WIDTH} open={open} onClose={() => setOpen(false)}>
        <SettingsForm />
      </Drawer>
    </>
  );
}
