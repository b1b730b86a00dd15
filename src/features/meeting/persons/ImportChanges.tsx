import { Alert, Table, Typography, type TableColumnsType } from 'antd';
import { CHANGES_LISTED, type PersonImportChange, type PersonImportPreview } from '@domain/meeting/personImport.contracts';

/**
 * What an import would do to attendees already registered: the rows whose 姓名 is not the registered one
 * (conflicts — perhaps another person given that number), each written only when ticked here, apart from
 * the rows that update the same person; each with the fields it changes, old → new. The server writes a
 * conflict only when the commit names it (`row:id`), so what is not ticked here is never written.
 */

/** The key a ticked conflict travels under: the row of the file and the attendee it was shown to change. */
export const changeKey = (c: Pick<PersonImportChange, 'row' | 'id'>) => `${c.row}:${c.id}`;

const PAGE_SIZE = 10;

function FieldChanges({ change }: { change: PersonImportChange }) {
  return (
    <ul className="zb-import-change-fields">
      {change.fields.map((f) => (
        <li key={f.field} className={f.field === 'name' && change.conflict ? 'zb-import-change-name' : undefined}>
          <Typography.Text type="secondary">{f.label}：</Typography.Text>
          <Typography.Text delete={f.from !== ''}>{f.from || '（空）'}</Typography.Text>
          {' → '}
          <Typography.Text strong>{f.to || '（清空）'}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

const columns: TableColumnsType<PersonImportChange> = [
  { title: '行号', dataIndex: 'row', key: 'row', width: 64 },
  {
    title: '已登记人员',
    key: 'name',
    width: 150,
    render: (_: unknown, c: PersonImportChange) => (
      <>
        {c.name}
        <Typography.Text type="secondary" className="zb-import-change-by">
          {c.by === 'mobile' ? '（手机号码相同）' : '（证件号码相同）'}
        </Typography.Text>
      </>
    ),
  },
  { title: '将变更的信息', key: 'fields', render: (_: unknown, c: PersonImportChange) => <FieldChanges change={c} /> },
];

export interface ImportChangesProps {
  preview: PersonImportPreview;
  /** Ticked conflicts, by changeKey. */
  ticked: ReadonlySet<string>;
  onTick: (ticked: Set<string>) => void;
  disabled?: boolean;
}

export function ImportChanges({ preview, ticked, onTick, disabled }: ImportChangesProps) {
  const conflicts = preview.changes.filter((c) => c.conflict);
  const updates = preview.changes.filter((c) => !c.conflict);
  const unlistedConflicts = preview.conflicts - conflicts.length;
  const unlistedUpdates = preview.updates - updates.length;
  return (
    <>
      {conflicts.length > 0 && (
        <div className="zb-import-conflicts">
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            title={`${preview.conflicts} 行的姓名与已登记人员不一致：可能是把别人的手机号码或证件号码填给了这一行`}
            description={`勾选的行才会更新该已登记人员（包括姓名）；未勾选的跳过，已登记的信息保持不变。${unlistedConflicts > 0 ? `另有 ${unlistedConflicts} 行未列出，将跳过。` : ''}`}
          />
          <Table<PersonImportChange>
            rowKey={changeKey}
            size="small"
            columns={columns}
            dataSource={conflicts}
            pagination={conflicts.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, size: 'small', showSizeChanger: false } : false}
            rowSelection={{
              selectedRowKeys: [...ticked],
              getCheckboxProps: (c) => ({ disabled, 'aria-label': `更新第 ${c.row} 行对应的已登记人员${c.name}` }),
              onChange: (keys) => onTick(new Set(keys.map(String))),
            }}
          />
        </div>
      )}
      {updates.length > 0 && (
        <div className="zb-import-updates">
          <Typography.Text strong>
            将更新 {preview.updates} 位已登记人员的信息
            {unlistedUpdates > 0 ? `（列出前 ${CHANGES_LISTED} 位）` : ''}
          </Typography.Text>
          <Table<PersonImportChange>
            rowKey={changeKey}
            size="small"
            columns={columns}
            dataSource={updates}
            pagination={updates.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, size: 'small', showSizeChanger: false } : false}
          />
        </div>
      )}
    </>
  );
}
