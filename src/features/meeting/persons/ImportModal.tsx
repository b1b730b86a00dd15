import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Form, Modal, Progress, Radio, Space, Spin, Table, Tag, Tooltip, Typography, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { ApiError } from '@/api/errors';
import { readAsBase64 } from '@/components/share/api';
import { activityOptions } from '@/components/resource/resourceApi';
import { ActivitySelect } from '@/components/resource/ScopeSelects';
import { person } from '@domain/meeting/resources';
import type { PersonImportError, PersonImportPreview, PersonImportRow } from '@domain/meeting/personImport.contracts';
import { commitImport, downloadImportTemplate, IMPORT_MAX_MB, IMPORT_MAX_ROWS, previewImport, type ImportFile, type ImportStatus } from './personImportApi';
import './persons.css';

/**
 * 导入参会人员: pick the activity and an .xlsx → the server checks every row (upload progress, then a
 * checking state) → a preview with the counts, the errors by row and column, and the first rows with the
 * faulty cells marked → 确认导入 (only when nothing is wrong) sends the file again, and the server checks
 * it anew and writes all rows or none. The modal cannot be closed while a request is under way.
 */
type Phase = { step: 'choose' } | { step: 'uploading'; percent: number; committing: boolean } | { step: 'checking'; committing: boolean } | { step: 'preview' };

export interface ImportModalProps {
  open: boolean;
  /** May put imported rows straight into 已通过 (holds the 审核 action). */
  canApprove: boolean;
  onClose: () => void;
  /** After a successful import: the list reloads. */
  onImported: () => void;
}

function isPreview(value: unknown): value is PersonImportPreview {
  return typeof value === 'object' && value !== null && Array.isArray((value as PersonImportPreview).errors) && typeof (value as PersonImportPreview).total === 'number';
}

/** Why a chosen file is refused before it is read (the server checks again, and the content). */
export function importFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name)) return '请上传 .xlsx 格式的 Excel 文件（可先下载导入模板）';
  if (file.size === 0) return '文件内容为空';
  if (file.size > IMPORT_MAX_MB * 1024 * 1024) return `文件大小不能超过 ${IMPORT_MAX_MB}MB`;
  return null;
}

function PreviewTable({ preview }: { preview: PersonImportPreview }) {
  const byCell = useMemo(() => {
    const map = new Map<string, string>();
    for (const e of preview.errors) map.set(`${e.row}:${e.field}`, e.msg.replace(/^第 \d+ 行「[^」]+」：/, ''));
    return map;
  }, [preview.errors]);
  const fields = useMemo(() => {
    const names = new Set(preview.rows.flatMap((r) => Object.keys(r.values)));
    return person.fields.filter((f) => names.has(f.name));
  }, [preview.rows]);
  const columns: TableColumnsType<PersonImportRow> = [
    { title: '行号', dataIndex: 'row', key: 'row', width: 64, fixed: 'left' },
    ...fields.map((field) => ({
      title: field.label,
      key: field.name,
      width: field.name === 'company' || field.name === 'remark' ? 180 : field.name === 'idNo' || field.name === 'email' ? 170 : field.name === 'name' ? 140 : 110,
      ellipsis: true,
      onCell: (row: PersonImportRow) => ({ className: byCell.has(`${row.row}:${field.name}`) ? 'zb-import-cell-error' : undefined }),
      render: (_: unknown, row: PersonImportRow) => {
        const problem = byCell.get(`${row.row}:${field.name}`);
        const text = row.values[field.name] || (problem ? '（空）' : '');
        return problem ? (
          <Tooltip title={problem}>
            <span data-error={problem}>{text}</span>
          </Tooltip>
        ) : (
          text
        );
      },
    })),
  ];
  return (
    <Table<PersonImportRow>
      className="zb-import-preview"
      rowKey="row"
      size="small"
      columns={columns}
      dataSource={preview.rows}
      pagination={false}
      scroll={{ x: 1300, y: 300 }}
      rowClassName={(row) => (preview.errors.some((e) => e.row === row.row) ? 'zb-import-row-error' : '')}
    />
  );
}

function ErrorList({ preview }: { preview: PersonImportPreview }) {
  const more = preview.errorCount - preview.errors.length;
  return (
    <Alert
      type="error"
      showIcon
      className="zb-import-errors"
      title={`发现 ${preview.errorCount} 处错误，请修改文件后重新上传（有错误时不会导入任何数据）`}
      description={
        <ul>
          {preview.errors.map((e: PersonImportError) => (
            <li key={`${e.row}-${e.field}`}>{e.msg}</li>
          ))}
          {more > 0 && <li>另有 {more} 处错误未列出</li>}
        </ul>
      }
    />
  );
}

export function ImportModal({ open, canApprove, onClose, onImported }: ImportModalProps) {
  const { message } = App.useApp();
  const [activityId, setActivityId] = useState<number | undefined>();
  const [status, setStatus] = useState<ImportStatus>('pending');
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [file, setFile] = useState<ImportFile | null>(null);
  const [preview, setPreview] = useState<PersonImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = phase.step === 'uploading' || phase.step === 'checking';

  // The only activity of the current scope is the obvious one.
  useEffect(() => {
    if (!open) return;
    let alive = true;
    activityOptions()
      .then((list) => {
        if (alive && list.length === 1) setActivityId((current) => current ?? list[0].id);
      })
      .catch(() => {
        // Shown by the error mapper.
      });
    return () => {
      alive = false;
    };
  }, [open]);

  const reset = () => {
    setPhase({ step: 'choose' });
    setFile(null);
    setPreview(null);
    setProblem(null);
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const progress = (committing: boolean) => (percent: number) =>
    setPhase(percent >= 100 ? { step: 'checking', committing } : { step: 'uploading', percent, committing });

  const check = async (chosen: File) => {
    const refused = importFileProblem(chosen);
    if (refused) {
      setProblem(refused);
      return;
    }
    if (activityId === undefined) {
      setProblem('请先选择所属活动');
      return;
    }
    setProblem(null);
    setPreview(null);
    setPhase({ step: 'uploading', percent: 0, committing: false });
    try {
      const next: ImportFile = { activityId, fileName: chosen.name, content: await readAsBase64(chosen) };
      setFile(next);
      setPreview(await previewImport(next, progress(false)));
      setPhase({ step: 'preview' });
    } catch (error) {
      setFile(null);
      setPhase({ step: 'choose' });
      if (error instanceof ApiError && error.reason === 'code') setProblem(error.message);
      else if (!(error instanceof ApiError)) setProblem('读取文件失败，请重新选择');
    }
  };

  const commit = async () => {
    if (!file || !preview || preview.errorCount > 0) return;
    setProblem(null);
    setPhase({ step: 'uploading', percent: 0, committing: true });
    try {
      const { msg } = await commitImport(file, status, progress(true));
      message.success(msg);
      reset();
      onImported();
      onClose();
    } catch (error) {
      setPhase({ step: 'preview' });
      if (error instanceof ApiError && error.reason === 'code') {
        // The file was checked again: what it says now replaces the preview.
        if (isPreview(error.data)) setPreview(error.data);
        setProblem(error.message);
      }
    }
  };

  const committing = phase.step !== 'choose' && phase.step !== 'preview' && phase.committing;
  const rowsText = preview ? `共 ${preview.total} 行，可导入 ${preview.valid} 行` : '';

  return (
    <Modal
      title="导入参会人员"
      open={open}
      width={1000}
      maskClosable={false}
      closable={!busy}
      keyboard={!busy}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          {preview && (
            <Button disabled={busy} onClick={reset}>
              重新选择文件
            </Button>
          )}
          <Button disabled={busy} onClick={close}>
            取消
          </Button>
          <Button type="primary" disabled={!preview || preview.errorCount > 0 || busy} loading={committing} onClick={() => void commit()}>
            确认导入{preview && preview.errorCount === 0 ? `（${preview.total} 人）` : ''}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" className="zb-import-form">
        <Space size={24} wrap align="start">
          <Form.Item label="所属活动" required style={{ minWidth: 360, marginBottom: 12 }}>
            <ActivitySelect value={activityId} onChange={(v) => setActivityId(typeof v === 'number' ? v : undefined)} disabled={busy || phase.step === 'preview'} />
          </Form.Item>
          <Form.Item label="导入后状态" style={{ marginBottom: 12 }}>
            <Radio.Group value={status} onChange={(e) => setStatus(e.target.value as ImportStatus)} disabled={busy}>
              <Radio value="pending">待审核</Radio>
              <Tooltip title={canApprove ? undefined : '您没有审核参会人员的权限'}>
                <Radio value="approved" disabled={!canApprove}>
                  导入后直接审核通过
                </Radio>
              </Tooltip>
            </Radio.Group>
          </Form.Item>
        </Space>
      </Form>

      {problem && <Alert type="error" showIcon title={problem} className="zb-import-problem" style={{ marginBottom: 12 }} />}

      {phase.step === 'choose' && (
        <>
          <Upload.Dragger
            accept=".xlsx"
            multiple={false}
            showUploadList={false}
            beforeUpload={(chosen) => {
              void check(chosen);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖动 .xlsx 文件到此处</p>
            <p className="ant-upload-hint">
              每个文件最多 {IMPORT_MAX_ROWS} 行、不超过 {IMPORT_MAX_MB}MB；上传后先校验每一行，确认无误后再导入
            </p>
          </Upload.Dragger>
          <Button type="link" icon={<DownloadOutlined />} style={{ paddingLeft: 0, marginTop: 8 }} onClick={() => void downloadImportTemplate().catch(() => {})}>
            下载导入模板
          </Button>
        </>
      )}

      {phase.step === 'uploading' && (
        <div className="zb-import-busy">
          <Typography.Text>{phase.committing ? '正在上传并导入…' : '正在上传文件…'}</Typography.Text>
          <Progress percent={phase.percent} status="active" />
        </div>
      )}
      {phase.step === 'checking' && (
        <div className="zb-import-busy">
          <Spin />
          <Typography.Text>{phase.committing ? '正在复核并写入，请稍候…' : '正在校验每一行，请稍候…'}</Typography.Text>
        </div>
      )}

      {preview && phase.step === 'preview' && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap className="zb-import-summary">
            <Typography.Text strong>{file?.fileName}</Typography.Text>
            <Typography.Text>{rowsText}</Typography.Text>
            {preview.errorCount > 0 ? <Tag color="red">错误 {preview.errorCount} 处</Tag> : <Tag color="green">全部通过校验</Tag>}
            {preview.duplicateInFile > 0 && <Tag color="orange">文件内重复 {preview.duplicateInFile}</Tag>}
            {preview.duplicateExisting > 0 && <Tag color="orange">已在本活动登记 {preview.duplicateExisting}</Tag>}
          </Space>
          {preview.errorCount > 0 && <ErrorList preview={preview} />}
          <PreviewTable preview={preview} />
          {preview.rows.length < preview.total && (
            <Typography.Text type="secondary">预览显示前 {Math.min(preview.total, 100)} 行{preview.errorCount > 0 ? '及有错误的行' : ''}</Typography.Text>
          )}
        </Space>
      )}
    </Modal>
  );
}
