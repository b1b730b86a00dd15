import { useState } from 'react';
import { Button, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { SharedOrder } from '@domain/share/sharedDocuments.contracts';
import type { AttachmentRow } from '@domain/share/shareLinks.contracts';
import { downloadSharedAttachment } from './api';
import { DocumentFrame } from './DocumentFrame';
import { DocTitle, Letterhead, Section, text } from './parts';
import { ORDER_PAGES } from './TcdxxPage';
import { useSharedDocument } from './useSharedDocument';

function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** /tcdxx/tcdFj 套餐单附件: the files attached to the order, each downloadable through the same link. */
export default function TcdFjPage() {
  const state = useSharedDocument<SharedOrder>('tcdFj');
  const [busy, setBusy] = useState<number | null>(null);
  return (
    <DocumentFrame state={state} kind="tcdFj" siblings={ORDER_PAGES} printable={false}>
      {(o, link) => {
        const download = async (row: AttachmentRow) => {
          setBusy(row.id);
          try {
            await downloadSharedAttachment(link, row.id, row.fileName);
          } catch {
            // Shown by the error mapper.
          } finally {
            setBusy(null);
          }
        };
        const columns: TableColumnsType<AttachmentRow> = [
          { title: '文件名', dataIndex: 'fileName', ellipsis: true },
          { title: '大小', dataIndex: 'size', width: 100, align: 'right', render: (v: number) => fileSize(v) },
          { title: '上传时间', dataIndex: 'createdAt', width: 170 },
          {
            title: '操作',
            key: 'download',
            width: 100,
            render: (_: unknown, row) => (
              <Button type="link" size="small" icon={<DownloadOutlined />} loading={busy === row.id} onClick={() => void download(row)}>
                下载
              </Button>
            ),
          },
        ];
        return (
          <>
            <Letterhead doc={o} sub={o.project?.name} />
            <DocTitle title="套餐单附件" meta={`订单号：${text(o.orderNo)}\u3000\u3000购买人：${o.buyerName}`} />
            <Section title={`附件（${o.attachments.length}）`}>
              <Table<AttachmentRow> size="small" bordered rowKey="id" columns={columns} dataSource={o.attachments} pagination={false} locale={{ emptyText: '该订单暂无附件' }} />
            </Section>
          </>
        );
      }}
    </DocumentFrame>
  );
}
