import { useEffect, useState } from 'react';
import { Alert, Descriptions, Drawer, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import type { ResourceDef, RowHistory } from '@domain/resource/types';
import { historyOf, type ResourceRow } from './resourceApi';

/**
 * 变更记录 of one row: who created it and changed it last, and each recorded state change (which state,
 * from what to what, by whom, when, with the remark given), oldest first.
 */
export interface HistoryDrawerProps {
  def: ResourceDef;
  row: ResourceRow | null;
  onClose(): void;
}

export function HistoryDrawer({ def, row, onClose }: HistoryDrawerProps) {
  const [state, setState] = useState<{ id: number; history?: RowHistory; failed?: boolean } | null>(null);
  const id = row?.id ?? null;

  useEffect(() => {
    if (id === null) return;
    let alive = true;
    historyOf(def, id)
      .then((history) => alive && setState({ id, history }))
      .catch(() => alive && setState({ id, failed: true }));
    return () => {
      alive = false;
    };
  }, [def, id]);

  const current = state && state.id === id ? state : null;
  const title = row ? String(row[def.display] ?? row.id) : '';
  return (
    <Drawer title={`变更记录：${title}`} open={row !== null} onClose={onClose} size={480} destroyOnHidden>
      {current === null ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : current.failed || !current.history ? (
        <Alert type="error" showIcon title="变更记录加载失败，请稍后重试" />
      ) : (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 24 }}>
            <Descriptions.Item label="创建人">{current.history.createdByName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{current.history.createdAt ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="最后修改人">{current.history.updatedByName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="修改时间">{current.history.updatedAt ?? '-'}</Descriptions.Item>
          </Descriptions>
          {current.history.changes.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无状态变更" />
          ) : (
            <Timeline
              items={current.history.changes.map((c) => ({
                key: c.id,
                content: (
                  <div className="zb-history-entry">
                    <div>
                      <Typography.Text strong>{c.machine}</Typography.Text>：<Tag>{c.fromLabel}</Tag>→ <Tag color="blue">{c.toLabel}</Tag>
                    </div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {c.userName ?? '已删除的用户'} · {c.createdAt ?? '-'}
                    </Typography.Text>
                    {c.remark && <div style={{ marginTop: 4 }}>备注：{c.remark}</div>}
                  </div>
                ),
              }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
