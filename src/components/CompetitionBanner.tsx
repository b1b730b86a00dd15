import { Flex, Typography } from 'antd';
import { env } from '../config/env';
import { LOGO_URL } from '../layouts/brand';

/** The competition's branding on the education entry's public pages, which sit in the plain layout. */
export function CompetitionBanner({ subtitle }: { subtitle: string }) {
  return (
    <Flex vertical align="center" gap={4} style={{ marginBottom: 24, textAlign: 'center' }}>
      <Flex align="center" gap={12}>
        <img src={LOGO_URL} alt="" width={36} height={36} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {env.eduTitle}
        </Typography.Title>
      </Flex>
      <Typography.Text type="secondary">{subtitle}</Typography.Text>
    </Flex>
  );
}
