import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

/** The card of the signed-out account pages (找回密码, the mailed reset link): the entry's name, what the page does, the form. */
export function AccountCard({ brand, subtitle, children }: { brand: string; subtitle: string; children: ReactNode }) {
  return (
    <Card style={{ maxWidth: 420, margin: '24px auto' }}>
      <Typography.Title level={4} style={{ textAlign: 'center', marginBottom: 4 }}>
        {brand}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {subtitle}
      </Typography.Paragraph>
      {children}
    </Card>
  );
}
