import { useState } from 'react';
import { App, Button, Input, Radio, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import { SHARE_EXPIRY_DAYS, SHARE_PAGES, type ShareExpiryDays, type ShareLinkRow, type SharePageKind } from '@domain/share/shareLinks.contracts';
import { confirmAction } from '../confirm';
import type { ResourceDef } from '@domain/resource/types';
import { createShareLink, listShareLinks, revokeShareLink, shareAddress } from './api';
import { copyText } from './copyText';
import { useRowList } from './useRowList';

export interface ShareLinksProps {
  def: ResourceDef;
  rowId: number;
  /** The pages this record can be shared as; the first is preselected. */
  kinds: readonly SharePageKind[];
  /** May create and revoke links (the resource's edit ACTION_); otherwise the list is read-only. */
  canEdit: boolean;
}

const EXPIRY_LABEL: Record<number, string> = { 7: '7 天', 30: '30 天', 90: '90 天', 0: '永久有效' };

const STATE_TAG: Record<ShareLinkRow['state'], { color: string; label: string }> = {
  active: { color: 'green', label: '有效' },
  expired: { color: 'default', label: '已过期' },
  revoked: { color: 'red', label: '已撤销' },
};

/**
 * The 分享 dialog's content (ShareActions.tsx holds the dialog): makes an unguessable link that opens
 * this one record to a customer without an account, shows it with 复制 and 打开, and lists the record's
 * links so they can be copied again or revoked. Mounted afresh each time the dialog opens.
 */
export function ShareLinks({ def, rowId, kinds, canEdit }: ShareLinksProps) {
  const { message } = App.useApp();
  const [kind, setKind] = useState<SharePageKind>(kinds[0]);
  const [expiresDays, setExpiresDays] = useState<ShareExpiryDays>(30);
  const [creating, setCreating] = useState(false);
  const [fresh, setFresh] = useState<ShareLinkRow | null>(null);
  const { items: links, loading, reload } = useRowList(listShareLinks, def, rowId);

  const copy = async (link: ShareLinkRow) => {
    const ok = await copyText(shareAddress(link.kind, link.token));
    if (ok) message.success('链接已复制');
    else message.error('复制失败，请手动选择链接复制');
  };

  const generate = async () => {
    setCreating(true);
    try {
      const created = await createShareLink(def, rowId, kind, expiresDays);
      setFresh(created);
      message.success('分享链接已生成');
      await reload();
    } catch {
      // Shown by the error mapper.
    } finally {
      setCreating(false);
    }
  };

  const revoke = async (link: ShareLinkRow) => {
    const confirmed = await confirmAction({
      title: '确认撤销',
      content: '撤销后，持有该链接的人将无法再打开此页面。确定要撤销吗？',
      danger: true,
    });
    if (!confirmed) return;
    try {
      await revokeShareLink(def, link.id);
      message.success('分享链接已撤销');
      if (fresh?.id === link.id) setFresh(null);
      await reload();
    } catch {
      // Shown by the error mapper.
    }
  };

  const columns: TableColumnsType<ShareLinkRow> = [
    { title: '页面', dataIndex: 'kind', width: 130, render: (k: SharePageKind) => SHARE_PAGES[k]?.title ?? k },
    { title: '创建人', dataIndex: 'createdByName', width: 90, render: (v: string | null) => v ?? '-' },
    { title: '创建时间', dataIndex: 'createdAt', width: 160 },
    { title: '有效期至', dataIndex: 'expiresAt', width: 160, render: (v: string | null) => v ?? '永久有效' },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (s: ShareLinkRow['state']) => <Tag color={STATE_TAG[s].color}>{STATE_TAG[s].label}</Tag>,
    },
    { title: '打开次数', dataIndex: 'openCount', width: 80 },
    { title: '最近打开', dataIndex: 'lastOpenedAt', width: 160, render: (v: string | null) => v ?? '-' },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_: unknown, link) =>
        link.state === 'active' ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => void copy(link)}>
              复制
            </Button>
            {canEdit && (
              <Button type="link" size="small" danger onClick={() => void revoke(link)}>
                撤销
              </Button>
            )}
          </Space>
        ) : null,
    },
  ];

  const address = fresh ? shareAddress(fresh.kind, fresh.token) : '';

  return (
    <>
      {canEdit ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {kinds.length > 1 && (
            <Space wrap>
              <span>页面样式：</span>
              <Radio.Group aria-label="页面样式" value={kind} onChange={(e) => setKind(e.target.value as SharePageKind)}>
                {kinds.map((k) => (
                  <Radio.Button key={k} value={k}>
                    {SHARE_PAGES[k].title}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Space>
          )}
          <Space wrap>
            <span>有效期：</span>
            <Radio.Group aria-label="有效期" value={expiresDays} onChange={(e) => setExpiresDays(e.target.value as ShareExpiryDays)}>
              {SHARE_EXPIRY_DAYS.map((d) => (
                <Radio key={d} value={d}>
                  {EXPIRY_LABEL[d]}
                </Radio>
              ))}
            </Radio.Group>
            <Button type="primary" icon={<LinkOutlined />} loading={creating} onClick={() => void generate()}>
              生成链接
            </Button>
          </Space>
          {fresh && (
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={address} aria-label="分享链接" onFocus={(e) => e.target.select()} />
              <Button icon={<CopyOutlined />} onClick={() => void copy(fresh)}>
                复制
              </Button>
              <Button href={address} target="_blank" rel="noopener noreferrer">
                打开
              </Button>
            </Space.Compact>
          )}
        </Space>
      ) : (
        <Typography.Paragraph type="secondary">你没有生成或撤销分享链接的权限，可以复制已有的有效链接。</Typography.Paragraph>
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        已生成的链接
      </Typography.Title>
      <Table<ShareLinkRow>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={links}
        pagination={false}
        scroll={{ x: 900, y: 300 }}
        locale={{ emptyText: '还没有分享链接' }}
      />
    </>
  );
}
