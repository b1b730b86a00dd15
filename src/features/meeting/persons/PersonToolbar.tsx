import { useState, type Key } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined, IdcardOutlined, UploadOutlined } from '@ant-design/icons';
import { MSG_NO_SELECTION } from '@domain/core/validators';
import { BadgePrint } from './BadgePrint';
import { ImportModal } from './ImportModal';
import { downloadImportTemplate } from './personImportApi';

/**
 * 参会人员's own toolbar buttons beside the generic ones (新增 / 批量删除 / 导出): 下载模板 and 导入 with the
 * import action, 打印胸卡 for the selected rows with the badge action.
 */
export interface PersonToolbarProps {
  selected: readonly Key[];
  canImport: boolean;
  canApprove: boolean;
  canBadge: boolean;
  reload: () => void;
}

export function PersonToolbar({ selected, canImport, canApprove, canBadge, reload }: PersonToolbarProps) {
  const { message } = App.useApp();
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [printing, setPrinting] = useState<number[] | null>(null);

  return (
    <>
      {canImport && (
        <>
          <Button
            icon={<DownloadOutlined />}
            loading={downloading}
            onClick={async () => {
              setDownloading(true);
              try {
                await downloadImportTemplate();
              } catch {
                // Shown by the error mapper.
              } finally {
                setDownloading(false);
              }
            }}
          >
            下载模板
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入
          </Button>
          <ImportModal open={importing} canApprove={canApprove} onClose={() => setImporting(false)} onImported={reload} />
        </>
      )}
      {canBadge && (
        <>
          <Button
            icon={<IdcardOutlined />}
            onClick={() => {
              if (selected.length === 0) {
                message.warning(MSG_NO_SELECTION);
                return;
              }
              setPrinting(selected.map(Number));
            }}
          >
            打印胸卡{selected.length ? `（${selected.length}）` : ''}
          </Button>
          <BadgePrint ids={printing} onClose={() => setPrinting(null)} />
        </>
      )}
    </>
  );
}
