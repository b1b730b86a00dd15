import { App, Button, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { fieldType, msgFileType, type FileUpload } from '@domain/resource/fieldTypes';
import type { FieldDef, ResourceDef } from '@domain/resource/types';
import { readAsBase64 } from '../share/api';
import { downloadRowFile, type ResourceRow } from './resourceApi';

/**
 * The input of an image / file field: the kept file (its name, downloadable), or the one just chosen
 * (read as base64 and sent with the save, never uploaded on its own), or nothing. The form value is the
 * kept attachment id (number), a new upload `{ fileName, content }`, or undefined once cleared.
 */
export const FILE_MAX_MB = 5;

export type FileValue = number | FileUpload | undefined;

/** The extensions a file field takes: its type's (the shared registry's, which the server checks too). */
function acceptsOf(field: Pick<FieldDef, 'type'>): readonly string[] {
  return fieldType(field).accepts ?? [];
}

/** Why a chosen file is refused before it is read (the server checks again, and also the content). */
export function fileProblem(field: Pick<FieldDef, 'type'>, file: { name: string; size: number }): string | null {
  const accepts = acceptsOf(field);
  const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!accepts.includes(ext)) return msgFileType(accepts);
  if (file.size === 0) return '文件内容为空';
  if (file.size > FILE_MAX_MB * 1024 * 1024) return `文件大小不能超过 ${FILE_MAX_MB}MB`;
  return null;
}

export interface FileInputProps {
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** The row being edited: its file's name (`<name>Name`) and id for the download. */
  row?: ResourceRow | null;
  /** The resource of that row (GET `<api>/file`). */
  def?: ResourceDef;
  id?: string;
  disabled?: boolean;
}

export function FileInput({ field, value, onChange, row, def, id, disabled }: FileInputProps) {
  const { message } = App.useApp();
  const image = field.type === 'image';
  const keptName = row ? row[`${field.name}Name`] : null;
  const kept = typeof value === 'number';
  const fresh = typeof value === 'object' && value !== null ? (value as FileUpload) : null;

  const choose = async (file: File) => {
    const problem = fileProblem(field, file);
    if (problem) {
      message.error(problem);
      return;
    }
    try {
      onChange?.({ fileName: file.name, content: await readAsBase64(file) });
    } catch {
      message.error('读取文件失败，请重新选择');
    }
  };

  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }} id={id} className="zb-file-input">
      {kept && (
        <Space size={4}>
          <PaperClipOutlined />
          {def && row ? (
            <Typography.Link
              className="zb-file-name"
              onClick={() => void downloadRowFile(def, row.id, field.name, String(keptName ?? field.label)).catch(() => {})}
            >
              {typeof keptName === 'string' ? keptName : '已上传的文件'}
            </Typography.Link>
          ) : (
            <span className="zb-file-name">{typeof keptName === 'string' ? keptName : '已上传的文件'}</span>
          )}
          {!disabled && <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`移除${field.label}`} onClick={() => onChange?.(undefined)} />}
        </Space>
      )}
      {fresh && (
        <Space size={4}>
          <PaperClipOutlined />
          <span className="zb-file-name">{fresh.fileName}</span>
          <Typography.Text type="secondary">（保存后上传）</Typography.Text>
          {!disabled && <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`移除${field.label}`} onClick={() => onChange?.(undefined)} />}
        </Space>
      )}
      <Upload
        accept={acceptsOf(field).map((e) => `.${e}`).join(',')}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          void choose(file);
          // The file goes with the save as a form field (signed like the rest), never on its own.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled}>
          {kept || fresh ? '重新选择' : image ? '选择图片' : '选择文件'}
        </Button>
      </Upload>
    </Space>
  );
}
