import { useState } from 'react';
import { App, Button, Space, Table, Typography, Upload, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_MB, SHARE_PAGES, type AttachmentRow } from '@domain/share/shareLinks.contracts';
import type { ResourceDef } from '@domain/resource/types';
import { confirmDelete } from '../confirm';
import { downloadAttachment, listAttachments, removeAttachment, uploadAttachment } from './api';
import { useRowList } from './useRowList';

export interface AttachmentListProps {
  /** The resource whose row it is (extension `attachments`). */
  def: ResourceDef;
  rowId: number;
  /** May upload and delete (the resource's edit ACTION_). */
  canEdit: boolean;
}

export const ATTACHMENT_TYPES_TEXT = 'pdf、jpg、png、xlsx、docx、doc、xls、zip';

/** Size as people read it: 1.2 MB, 35 KB. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The upload dialog's own first check (the server checks again, and also the file's content). */
export function attachmentProblem(file: { name: string; size: number }): string | null {
  const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) return `只能上传 ${ATTACHMENT_TYPES_TEXT} 格式的文件`;
  if (file.size === 0) return '文件内容为空';
  if (file.size > ATTACHMENT_MAX_MB * 1024 * 1024) return `文件大小不能超过 ${ATTACHMENT_MAX_MB}MB`;
  return null;
}

/** The shared pages of a resource that list its attachments (an order's 套餐单附件). */
function attachmentPages(def: ResourceDef): string[] {
  return (def.extensions?.share ?? []).filter((kind) => kind === 'tcdFj').map((kind) => SHARE_PAGES[kind].title);
}

/**
 * The 附件 dialog's content (ShareActions.tsx holds the dialog): the files attached to a row, which its
 * share link may also offer for download (套餐单附件). Mounted afresh each time the dialog opens.
 */
export function AttachmentList({ def, rowId, canEdit }: AttachmentListProps) {
  const { message } = App.useApp();
  const { items: rows, loading, reload } = useRowList(listAttachments, def, rowId);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    const problem = attachmentProblem(file);
    if (problem) {
      message.error(problem);
      return;
    }
    setUploading(true);
    try {
      await uploadAttachment(def, rowId, file);
      message.success('上传成功');
      await reload();
    } catch {
      // Shown by the error mapper.
    } finally {
      setUploading(false);
    }
  };

  const remove = async (row: AttachmentRow) => {
    if (!(await confirmDelete({ irreversible: true }))) return;
    try {
      await removeAttachment(def, row.id);
      message.success('附件已删除');
      await reload();
    } catch {
      // Shown by the error mapper.
    }
  };

  const columns: TableColumnsType<AttachmentRow> = [
    { title: '文件名', dataIndex: 'fileName', ellipsis: true },
    { title: '大小', dataIndex: 'size', width: 90, render: (v: number) => fileSize(v) },
    { title: '上传人', dataIndex: 'createdByName', width: 90, render: (v: string | null) => v ?? '-' },
    { title: '上传时间', dataIndex: 'createdAt', width: 160 },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void downloadAttachment(def, row).catch(() => {})}>
            下载
          </Button>
          {canEdit && (
            <Button type="link" size="small" danger onClick={() => void remove(row)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      {canEdit && (
        <Space orientation="vertical" style={{ marginBottom: 16 }}>
          <Upload
            accept={ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              // The file goes up as signed form fields through our api, not through Upload's own request.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              上传附件
            </Button>
          </Upload>
          <Typography.Text type="secondary">
            支持 {ATTACHMENT_TYPES_TEXT}，单个文件不超过 {ATTACHMENT_MAX_MB}MB
            {attachmentPages(def).length > 0 && `；附件会显示在该${def.title}的分享页面「${attachmentPages(def).join('」「')}」中`}。
          </Typography.Text>
        </Space>
      )}
      <Table<AttachmentRow>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: '还没有附件' }}
      />
    </>
  );
}
