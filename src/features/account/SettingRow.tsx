import type { ReactNode } from 'react';
import { Flex, Typography, theme } from 'antd';

/** One line of a settings section: icon, title and description on the left, its control on the right. */
export function SettingRow(props: { icon?: ReactNode; title: ReactNode; description?: ReactNode; action?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={16} style={{ padding: '16px 0', borderBottom: `1px solid ${token.colorSplit}` }}>
      {props.icon && <span style={{ fontSize: 24, color: token.colorPrimary, flex: 'none' }}>{props.icon}</span>}
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong>{props.title}</Typography.Text>
        {props.description && <div style={{ marginTop: 4 }}>{props.description}</div>}
      </div>
      {props.action && <div style={{ flex: 'none' }}>{props.action}</div>}
    </Flex>
  );
}
