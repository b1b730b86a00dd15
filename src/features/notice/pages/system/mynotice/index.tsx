import { useCallback, useEffect, useRef, useState, type Key } from 'react';
import { App, Badge, Button, Form, Input, Modal, Radio, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { myNoticePage, type NoticeItem } from '@domain/notices/notices.contracts';
import { PagedTable, type PagedTableHandle } from '@/components/PagedTable';
import { confirmAction } from '@/components/confirm';
import { MODAL_WIDTH } from '@/config/constants';
import { formatDateTime } from '@/lib/dateFormat';
import { NOTICE_CATEGORIES } from '@domain/notices/resources';
import { tableSelectionRule } from '@domain/core/validators';
import { useNoticeSignal } from '@/stores/notices';
import { isUnread, isstampParam, markAllRead, markRead, unreadCount, type ReadFilter } from '@/features/notice/api';

/**
 * 我的通知 (where every item of the header's notice popup leads): the user's notices, filtered by read
 * state and title. Opening one shows its content and marks it read. Every change of read state is
 * announced through the notice signal, which the bell and this page both follow, so neither shows a
 * stale unread count.
 */
export default function MyNoticePage() {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [selected, setSelected] = useState<Key[]>([]);
  const [counts, setCounts] = useState<{ counted: number; muted: number } | null>(null);
  const unread = counts?.counted ?? null;
  const [viewing, setViewing] = useState<NoticeItem | null>(null);
  const [busy, setBusy] = useState(false);
  const version = useNoticeSignal((s) => s.version);
  const mountedVersion = useRef(version);

  const refreshCount = useCallback(async () => {
    try {
      setCounts(await unreadCount());
    } catch {
      // Shown by the error mapper; the count keeps its last value.
    }
  }, []);

  useEffect(() => {
    void refreshCount();
  }, [version, refreshCount]);

  // A change made elsewhere (the bell) or here: the rows' read state is stale too.
  useEffect(() => {
    if (version !== mountedVersion.current) table.current?.reload();
  }, [version]);

  const changed = () => {
    setSelected([]);
    useNoticeSignal.getState().invalidate();
  };

  const open = (notice: NoticeItem) => {
    setViewing(notice);
    if (!isUnread(notice)) return;
    markRead([notice.id])
      .then(changed)
      .catch(() => {
        // Shown by the error mapper; the notice simply stays unread.
      });
  };

  const readSelected = async () => {
    const problem = tableSelectionRule(selected);
    if (problem) {
      message.warning(problem);
      return;
    }
    setBusy(true);
    try {
      message.success((await markRead(selected.map(Number))) || '操作成功');
      changed();
    } catch {
      // Shown by the error mapper.
    } finally {
      setBusy(false);
    }
  };

  const readAll = async () => {
    if (!(await confirmAction())) return;
    setBusy(true);
    try {
      message.success((await markAllRead()) || '操作成功');
      changed();
    } catch {
      // Shown by the error mapper.
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<NoticeItem> = [
    {
      title: '标题',
      dataIndex: 'title',
      key: 'title',
      ellipsis: true,
      render: (title: string, row) => (
        <Typography.Text strong={isUnread(row)}>
          {isUnread(row) && <Badge status="error" style={{ marginRight: 8 }} />}
          {title}
        </Typography.Text>
      ),
    },
    {
      title: '状态',
      dataIndex: 'isstamp',
      key: 'isstamp',
      width: 100,
      render: (_, row) => (isUnread(row) ? <Tag color="red">未读</Tag> : <Tag>已读</Tag>),
    },
    { title: '发布时间', dataIndex: 'createdAt', key: 'createdAt', width: 200, sorter: true, render: formatDateTime },
    {
      title: '操作',
      key: 'action',
      width: 90,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          onClick={(event) => {
            // The row opens it too; once is enough.
            event.stopPropagation();
            open(row);
          }}
        >
          查看
        </Button>
      ),
    },
  ];

  return (
    <>
      <PagedTable<NoticeItem>
        ref={table}
        url={myNoticePage.path}
        columns={columns}
        rowKey="id"
        defaultSort={{ sort: 'createdAt', order: 'desc' }}
        params={{ isstamp: isstampParam(filter) }}
        searchFields={
          <>
            <Form.Item name="title" label="标题">
              <Input allowClear placeholder="请输入通知标题" maxLength={100} />
            </Form.Item>
            {/* The bell leaves out categories switched off in 新消息通知; here every category can be looked up. */}
            <Form.Item name="category" label="类别">
              <Select allowClear placeholder="全部类别" style={{ width: 140 }} options={NOTICE_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))} />
            </Form.Item>
          </>
        }
        toolbar={
          <Space wrap size="middle">
            <Radio.Group
              optionType="button"
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value as ReadFilter);
                setSelected([]);
              }}
              options={[
                { value: 'all', label: '全部' },
                { value: 'unread', label: `未读${unread === null ? '' : `（${unread}）`}` },
                { value: 'read', label: '已读' },
              ]}
            />
            <Button icon={<CheckOutlined />} loading={busy} onClick={() => void readSelected()}>
              标为已读
            </Button>
            <Button loading={busy} onClick={() => void readAll()}>
              全部已读
            </Button>
            <Typography.Text type="secondary" data-testid="unread-count">
              {unread === null ? '' : `未读 ${unread} 条`}
            </Typography.Text>
            {/* Same number as the bell's badge; the unread of muted categories are listed but not counted. */}
            {counts !== null && counts.muted > 0 && (
              <Typography.Text type="secondary" data-testid="muted-unread">
                另有 {counts.muted} 条未读属于已关闭提醒的类别（个人设置 › 新消息通知），不计入铃铛
              </Typography.Text>
            )}
          </Space>
        }
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }}
        onRow={(row) => ({
          onClick: (event) => {
            // Ticking the row's checkbox selects it; it does not open it.
            if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
            open(row);
          },
          style: { cursor: 'pointer' },
        })}
      />
      <Modal
        title={viewing?.title}
        open={viewing !== null}
        width={MODAL_WIDTH}
        onCancel={() => setViewing(null)}
        footer={<Button onClick={() => setViewing(null)}>关闭</Button>}
      >
        {viewing && (
          <>
            <Typography.Text type="secondary">发布时间：{formatDateTime(viewing.createdAt)}</Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16 }}>{viewing.content || '（无内容）'}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}
