import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Form, Modal, Progress, Radio, Select, Space, Spin, Table, Tag, Tooltip, Typography, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { ApiError } from '@/api/errors';
import { readAsBase64 } from '@/components/share/api';
import { activityOptions } from '@/components/resource/resourceApi';
import { ActivitySelect } from '@/components/resource/ScopeSelects';
import { useDefaultActivityId } from '@/stores/currentActivity';
import { person } from '@domain/meeting/resources';
import { IMPORT_FIELDS } from '@domain/meeting/personImport.columns';
import type { PersonImportColumn, PersonImportError, PersonImportPreview, PersonImportResult, PersonImportRow } from '@domain/meeting/personImport.contracts';
import {
  commitImport,
  downloadImportTemplate,
  downloadRefused,
  IMPORT_MAX_MB,
  IMPORT_MAX_ROWS,
  previewImport,
  type ImportBlank,
  type ImportExisting,
  type ImportFile,
  type ImportStatus,
} from './personImportApi';
import { changeKey, ImportChanges } from './ImportChanges';
import './persons.css';

/**
 * 导入参会人员: pick the activity and an .xlsx → the server matches the columns by header and checks every
 * row (upload progress, then a checking state) → columns it could not match are offered for mapping
 * (required ones must be mapped; the server remembers the choice for the organiser) → a preview with the
 * counts, the errors by row and column, the first rows with the faulty cells marked, and what would change
 * of each registered attendee (rows whose 姓名 is not theirs apart, to tick one by one) → 确认导入 (counting
 * what will really be written) sends the file again with the ticked rows; the server checks it anew and
 * writes the valid rows, registered attendees updated or skipped as chosen, an unticked conflict never.
 * Refused rows can be downloaded with their reasons. The modal cannot be closed while a request is under way.
 */
type Phase =
  | { step: 'choose' }
  | { step: 'uploading'; percent: number; committing: boolean }
  | { step: 'checking'; committing: boolean }
  | { step: 'preview' }
  | { step: 'done'; result: PersonImportResult; msg: string };

const FIELD_CHOICES = IMPORT_FIELDS.map((f) => ({ value: f.name, label: f.label }));
const LEAVE_OUT = '';

export interface ColumnMappingProps {
  columns: readonly PersonImportColumn[];
  /** Labels of required columns nothing fills yet. */
  missing: readonly string[];
  /** The choices made so far, by the file's header ('' = left out). */
  mapping: Readonly<Record<string, string>>;
  onChange: (mapping: Record<string, string>) => void;
  disabled?: boolean;
}

/**
 * The mapping step: only the columns the headers did not match and those chosen in this dialog, each with
 * the fields no other column fills. Columns matched by a choice remembered from an earlier import (不导入
 * included) are not asked about again: one line names them, with 修改 to open them.
 */
export function ColumnMapping({ columns, missing, mapping, onChange, disabled }: ColumnMappingProps) {
  const [reopened, setReopened] = useState(false);
  const chosenHere = (c: PersonImportColumn) => Object.prototype.hasOwnProperty.call(mapping, c.header);
  const remembered = columns.filter((c) => c.by === 'mapped' && !chosenHere(c));
  const open = columns.filter((c) => c.by === 'none' || chosenHere(c) || (reopened && c.by === 'mapped'));
  if (open.length === 0 && remembered.length === 0) return null;
  const chosen = (c: PersonImportColumn) => (chosenHere(c) ? mapping[c.header] : c.field);
  const labelOf = (field: string) => FIELD_CHOICES.find((f) => f.value === field)?.label ?? '不导入';
  const used = new Set(columns.filter((c) => c.by === 'header').map((c) => c.field));
  for (const c of open) if (chosen(c)) used.add(chosen(c));
  const rows: TableColumnsType<PersonImportColumn> = [
    { title: '文件中的列', dataIndex: 'header', key: 'header', width: 180 },
    { title: '示例内容', dataIndex: 'sample', key: 'sample', ellipsis: true },
    {
      title: '对应字段',
      key: 'field',
      width: 200,
      render: (_: unknown, c: PersonImportColumn) => (
        <Select
          aria-label={`「${c.header}」对应的字段`}
          value={chosen(c)}
          disabled={disabled}
          virtual={false}
          style={{ width: 170 }}
          options={[{ value: LEAVE_OUT, label: '不导入' }, ...FIELD_CHOICES.filter((f) => f.value === chosen(c) || !used.has(f.value))]}
          onChange={(value: string) => onChange({ ...mapping, [c.header]: value })}
        />
      ),
    },
  ];
  return (
    <>
      {remembered.length > 0 && !reopened && (
        <Typography.Text type="secondary" className="zb-import-remembered">
          按本单位上次的选择对应：{remembered.map((c) => `${c.header} → ${labelOf(c.field)}`).join('、')}
          <Button type="link" size="small" disabled={disabled} onClick={() => setReopened(true)}>
            修改
          </Button>
        </Typography.Text>
      )}
      {open.length > 0 && (
        <div className="zb-import-mapping">
          <Alert
            type={missing.length ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 8 }}
            title={missing.length ? `文件中没有找到必填列：${missing.join('、')}，请为它们指定对应的列` : '以下列未能按表头自动识别，可指定对应字段或不导入'}
            description="所作的选择（包括「不导入」）在导入时为本单位记住，下次导入表头相同的文件时不再询问"
          />
          {/* Scrolls sideways in a phone's dialog rather than pushing 对应字段 off the screen. */}
          <Table<PersonImportColumn> rowKey="index" size="small" pagination={false} columns={rows} dataSource={open} scroll={{ x: 480 }} />
        </div>
      )}
    </>
  );
}

/** Rows the commit will really write: new ones, and registered attendees it changes (conflicts only as ticked). */
export function writableCount(preview: PersonImportPreview, existing: ImportExisting, ticked: number): number {
  return preview.inserts + (existing === 'update' ? preview.updates + ticked : 0);
}

/** What the preview says of the registered attendees it matched. */
function existingText(preview: PersonImportPreview, existing: ImportExisting): string {
  if (existing === 'skip') return `已在本活动登记 ${preview.duplicateExisting}（将跳过）`;
  const parts = [
    preview.updates ? `更新 ${preview.updates}` : '',
    preview.unchanged ? `无变化 ${preview.unchanged}` : '',
    preview.conflicts ? `姓名不符 ${preview.conflicts}` : '',
  ].filter(Boolean);
  return `已在本活动登记 ${preview.duplicateExisting}（${parts.join('，')}）`;
}

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

function ErrorList({ preview, onDownload }: { preview: PersonImportPreview; onDownload: () => void }) {
  const more = preview.errorCount - preview.errors.length;
  const refused = preview.total - preview.valid;
  return (
    <Alert
      type="error"
      showIcon
      className="zb-import-errors"
      title={`发现 ${preview.errorCount} 处错误，涉及 ${refused} 行：这些行不会导入，其余 ${preview.valid} 行可以导入`}
      action={
        <Button size="small" icon={<DownloadOutlined />} onClick={onDownload}>
          下载有误的行
        </Button>
      }
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
  const [existing, setExisting] = useState<ImportExisting>('update');
  const [blank, setBlank] = useState<ImportBlank>('keep');
  /** The blank-cell choice the shown preview was checked with. */
  const [checkedBlank, setCheckedBlank] = useState<ImportBlank>('keep');
  /** Conflicts ticked to be written, by changeKey. */
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [mapping, setMapping] = useState<Record<string, string>>({});
  /** The mapping the shown preview was checked with: a change asks for a new check before importing. */
  const [checkedMapping, setCheckedMapping] = useState<Record<string, string>>({});
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [file, setFile] = useState<ImportFile | null>(null);
  const [preview, setPreview] = useState<PersonImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = phase.step === 'uploading' || phase.step === 'checking';

  // The current activity (the header's), else the only activity of the scope, is the obvious one.
  const currentActivityId = useDefaultActivityId();
  useEffect(() => {
    if (!open) return;
    let alive = true;
    activityOptions()
      .then((list) => {
        if (!alive) return;
        const obvious = list.find((a) => a.id === currentActivityId) ?? (list.length === 1 ? list[0] : undefined);
        if (obvious) setActivityId((current) => current ?? obvious.id);
      })
      .catch(() => {
        // Shown by the error mapper.
      });
    return () => {
      alive = false;
    };
  }, [open, currentActivityId]);

  const reset = () => {
    setPhase({ step: 'choose' });
    setFile(null);
    setPreview(null);
    setProblem(null);
    setMapping({});
    setCheckedMapping({});
    setTicked(new Set());
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
      const next: ImportFile = { activityId, fileName: chosen.name, content: await readAsBase64(chosen), mapping: {}, existing, blank };
      setFile(next);
      setMapping({});
      setCheckedMapping({});
      setPreview(await previewImport(next, progress(false)));
      setCheckedBlank(blank);
      setTicked(new Set());
      setPhase({ step: 'preview' });
    } catch (error) {
      setFile(null);
      setPhase({ step: 'choose' });
      if (error instanceof ApiError && error.reason === 'code') setProblem(error.message);
      else if (!(error instanceof ApiError)) setProblem('读取文件失败，请重新选择');
    }
  };

  /** The same file checked again with the columns as now mapped and blank cells as now chosen. */
  const recheck = async (blankNow: ImportBlank = blank) => {
    if (!file) return;
    setProblem(null);
    setPhase({ step: 'uploading', percent: 0, committing: false });
    try {
      const next = await previewImport({ ...file, mapping, existing, blank: blankNow }, progress(false));
      setPreview(next);
      setCheckedMapping(mapping);
      setCheckedBlank(blankNow);
      setTicked(new Set());
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'code') setProblem(error.message);
    }
    setPhase({ step: 'preview' });
  };

  const sent = (): ImportFile | null => (file ? { ...file, mapping: checkedMapping, existing, blank: checkedBlank } : null);
  const downloadBad = () => {
    const f = sent();
    if (f) void downloadRefused(f).catch(() => {});
  };

  const mappingChanged = JSON.stringify(mapping) !== JSON.stringify(checkedMapping);
  const checkedAsShown = !!preview && preview.missing.length === 0 && !mappingChanged && blank === checkedBlank;
  const tickedChanges = preview ? preview.changes.filter((c) => c.conflict && ticked.has(changeKey(c))) : [];
  const writable = preview ? writableCount(preview, existing, tickedChanges.length) : 0;
  const ready = checkedAsShown && writable > 0;

  const commit = async () => {
    const f = sent();
    if (!f || !ready) return;
    setProblem(null);
    setPhase({ step: 'uploading', percent: 0, committing: true });
    try {
      const { msg, data } = await commitImport(f, status, existing === 'update' ? tickedChanges : [], progress(true));
      message.success(msg);
      onImported();
      if (data.refused > 0) {
        // The refused rows stay downloadable until the dialog is closed.
        setPhase({ step: 'done', result: data, msg });
        return;
      }
      reset();
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

  const committing = (phase.step === 'uploading' || phase.step === 'checking') && phase.committing;
  const rowsText = preview ? `共 ${preview.total} 行，可导入 ${preview.valid} 行` : '';

  return (
    <Modal
      title="导入参会人员"
      open={open}
      width={1000}
      mask={{ closable: false }}
      closable={!busy}
      keyboard={!busy}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          {phase.step === 'done' ? (
            <Button type="primary" onClick={close}>
              完成
            </Button>
          ) : (
            <>
              {preview && (
                <Button disabled={busy} onClick={reset}>
                  重新选择文件
                </Button>
              )}
              <Button disabled={busy} onClick={close}>
                取消
              </Button>
              <Button type="primary" disabled={!ready || busy} loading={committing} onClick={() => void commit()}>
                {checkedAsShown && !ready ? '没有需要写入的行' : `确认导入${ready ? `（${writable} 人）` : ''}`}
              </Button>
            </>
          )}
        </Space>
      }
    >
      <Form layout="vertical" className="zb-import-form">
        <Space size={24} wrap align="start">
          {/* Never wider than a phone's dialog (the viewport less its margins and padding): a fixed 360 px ran off a 390 px screen. */}
          <Form.Item label="所属活动" required style={{ minWidth: 'min(360px, calc(100vw - 64px))', maxWidth: '100%', marginBottom: 12 }}>
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
          <Form.Item
            label="已在本活动登记的人员"
            tooltip="手机号码相同（或证件号码相同）视为同一人；姓名不一致的行单独列出，勾选后才会更新"
            style={{ marginBottom: 12 }}
          >
            <Radio.Group value={existing} onChange={(e) => setExisting(e.target.value as ImportExisting)} disabled={busy || phase.step === 'done'}>
              <Radio value="update">更新其信息</Radio>
              <Radio value="skip">跳过</Radio>
            </Radio.Group>
          </Form.Item>
          {existing === 'update' && (
            <Form.Item
              label="空白单元格"
              extra={blank === 'keep' ? '留空的单元格保留已登记的原值，不会清空' : '留空的单元格清空已登记的原值（姓名、手机号码、人员类别除外）'}
              style={{ marginBottom: 12 }}
            >
              <Radio.Group
                value={blank}
                disabled={busy || phase.step === 'done'}
                onChange={(e) => {
                  const next = e.target.value as ImportBlank;
                  setBlank(next);
                  // What the rows change depends on it: the preview is checked again.
                  if (preview && phase.step === 'preview' && !mappingChanged) void recheck(next);
                }}
              >
                <Radio value="keep">保留原值</Radio>
                <Radio value="clear">清空原值</Radio>
              </Radio.Group>
            </Form.Item>
          )}
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

      {phase.step === 'done' && (
        <Alert
          type="warning"
          showIcon
          className="zb-import-done"
          title={phase.msg}
          description="有误的行未导入：可下载这些行（第一列为错误原因），修改后重新导入"
          action={
            <Button icon={<DownloadOutlined />} onClick={downloadBad}>
              下载未导入的行
            </Button>
          }
        />
      )}

      {preview && phase.step === 'preview' && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap className="zb-import-summary">
            <Typography.Text strong>{file?.fileName}</Typography.Text>
            {preview.missing.length === 0 && <Typography.Text>{rowsText}</Typography.Text>}
            {preview.missing.length > 0 ? null : preview.errorCount > 0 ? <Tag color="red">错误 {preview.errorCount} 处</Tag> : <Tag color="green">全部通过校验</Tag>}
            {preview.duplicateInFile > 0 && <Tag color="orange">文件内重复 {preview.duplicateInFile}</Tag>}
            {preview.duplicateExisting > 0 && <Tag color="blue">{existingText(preview, existing)}</Tag>}
          </Space>
          <ColumnMapping columns={preview.columns} missing={preview.missing} mapping={mapping} onChange={setMapping} disabled={busy} />
          {(mappingChanged || preview.missing.length > 0 || blank !== checkedBlank) && (
            <Button type="primary" ghost disabled={busy || (!mappingChanged && blank === checkedBlank)} onClick={() => void recheck()}>
              按此对应重新校验
            </Button>
          )}
          {preview.errorCount > 0 && <ErrorList preview={preview} onDownload={downloadBad} />}
          {existing === 'update' && preview.missing.length === 0 && <ImportChanges preview={preview} ticked={ticked} onTick={setTicked} disabled={busy} />}
          {preview.missing.length === 0 && <PreviewTable preview={preview} />}
          {preview.rows.length < preview.total && (
            <Typography.Text type="secondary">预览显示前 {Math.min(preview.total, 100)} 行{preview.errorCount > 0 ? '及有错误的行' : ''}</Typography.Text>
          )}
        </Space>
      )}
    </Modal>
  );
}
