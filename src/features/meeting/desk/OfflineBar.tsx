import { useEffect, useState } from 'react';
import { Alert, Button, Card, Space, Tag, Typography } from 'antd';
import { chinaTimeText } from '@domain/meeting/gateVerdict';
import { VERDICT_LABELS } from './deskSession';
import type { OfflineDesk } from './useOfflineDesk';

/** 20000 → 「20 000」, as a count is read on the desk. */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** How long ago, in the words staff read at a glance. */
export function ageText(fetchedAt: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - fetchedAt) / 60_000);
  if (minutes < 1) return '刚刚';
  if (minutes < 60) return `${minutes} 分钟前`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} 小时前`;
  return chinaTimeText(fetchedAt).slice(5, 16);
}

/** A clock that moves every 30 s: enough for an age in minutes. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

// No icons of their own: antd's icons share one chunk with the back office's frame (vite.config.ts), which would grow.
/**
 * Above the scan field: online, the local copy and its age; offline, a red banner that says scans are
 * judged on this device and how many wait for the server; after a failed upload, why (the scans stay).
 */
export function NetworkBar({ desk }: { desk: OfflineDesk }) {
  const now = useMinuteClock();
  const copyText = desk.copy ? `本地名单：${count(desk.copy.total)} 人，更新于 ${ageText(desk.copy.fetchedAt, now)}` : '本地名单：尚未下载';
  const waitingText = `待上传 ${count(desk.waiting)} 条`;
  if (desk.offline) {
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="desk-network"
        data-state="offline"
        title={
          <Space wrap size={[12, 4]}>
            <Typography.Text strong style={{ fontSize: 18 }}>
              离线
            </Typography.Text>
            <Tag color="error" style={{ fontSize: 16, padding: '2px 10px' }} data-testid="desk-waiting">
              {waitingText}
            </Tag>
            <span>扫码按本机名单判定，网络恢复后自动上传</span>
          </Space>
        }
        description={<Typography.Text type="secondary">{copyText}</Typography.Text>}
      />
    );
  }
  return (
    <div style={{ marginBottom: 12 }} data-testid="desk-network" data-state="online">
      <Space wrap size={[8, 4]}>
        <Tag color="success">
          在线
        </Tag>
        <Typography.Text type="secondary" data-testid="desk-copy">
          {copyText}
        </Typography.Text>
        {(desk.waiting > 0 || desk.uploading) && (
          <Tag color="processing" data-testid="desk-waiting">
            {desk.uploading ? `正在上传离线扫码（${count(desk.waiting)} 条）` : waitingText}
          </Tag>
        )}
      </Space>
      {desk.uploadProblem && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          title={`离线扫码上传失败：${desk.uploadProblem}`}
          description="记录仍保存在本机，稍后自动重试。"
        />
      )}
    </div>
  );
}

/**
 * 需要核对: scans the server judged otherwise than this desk did offline (entered at another gate first,
 * cancelled meanwhile…). Staff look at each and dismiss it; none disappears by itself.
 */
export function ConflictList({ desk }: { desk: OfflineDesk }) {
  if (desk.conflicts.length === 0) return null;
  return (
    <Card
      size="small"
      title={
        <Space>
          需要核对
          <Tag color="warning">{desk.conflicts.length}</Tag>
        </Space>
      }
      extra={
        <Button size="small" type="link" onClick={desk.dismissAllConflicts}>
          全部已核对
        </Button>
      }
      style={{ marginBottom: 12, borderColor: '#faad14' }}
      data-testid="desk-conflicts"
    >
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {desk.conflicts.map((c) => (
          <li key={c.scanId} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8, padding: '6px 0' }}>
            <div>
              <Typography.Text strong>{c.personName ?? c.code}</Typography.Text>{' '}
              <Typography.Text type="secondary">{chinaTimeText(c.doorAt).slice(11)}</Typography.Text>
              <div>
                本机：{VERDICT_LABELS[c.deskVerdict]} → 服务器：{VERDICT_LABELS[c.verdict]}
              </div>
              <Typography.Text type="secondary">{c.message}</Typography.Text>
            </div>
            <Button size="small" onClick={() => desk.dismissConflict(c.scanId)} aria-label={`已核对 ${c.personName ?? c.code}`}>
              已核对
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
