import { useMemo, useState } from 'react';
import { Button, DatePicker, Descriptions, Drawer, Empty, Form, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { AUDIT_ACTION_LABELS, AUDIT_ACTION_OPTIONS, AUDIT_RESOURCE_TITLES, auditEntryLabel } from '@domain/system/audit';
import { auditExport, auditPage, type AuditAction, type AuditChange, type AuditLogRow } from '@domain/system/audit.contracts';
import type { RequestParams } from '@/api/params';
import { downloadFile } from '@/api/download';
import { PagedTable } from '@/components/PagedTable';
import { SearchForm, type SearchValues } from '@/components/SearchForm';
import { cleanFilters } from '@/components/usePagedQuery';
import { formatDateTime } from '@/lib/dateFormat';
import { useSession } from '@/stores/session';

const ACTION_COLORS: Readonly<Record<AuditAction, string>> = {
  signIn: 'green',
  signInFailed: 'red',
  signOut: 'default',
  passwordChange: 'gold',
  passwordReset: 'gold',
  grant: 'purple',
  create: 'blue',
  update: 'cyan',
  remove: 'volcano',
  state: 'geekblue',
};

const RESOURCE_OPTIONS = [...AUDIT_RESOURCE_TITLES].map(([value, label]) => ({ value, label }));

/** What a record is about: the resource's title and the row's id. */
function objectOf(row: Pick<AuditLogRow, 'resource' | 'rowId'>): string {
  if (row.resource === null) return '-';
  const title = AUDIT_RESOURCE_TITLES.get(row.resource) ?? row.resource;
  return row.rowId === null ? title : `${title} #${row.rowId}`;
}

/** The search bar's values as the server's filters: the day range becomes dateFrom / dateTo (China days). */
function filtersOf(values: SearchValues): RequestParams {
  const { dates, ...rest } = values;
  const [from, to] = (Array.isArray(dates) ? dates : []) as Array<Dayjs | null | undefined>;
  return cleanFilters({ ...rest, dateFrom: from?.format('YYYY-MM-DD'), dateTo: to?.format('YYYY-MM-DD') });
}

const changeColumns: TableColumnsType<AuditChange> = [
  { title: '字段', dataIndex: 'label', key: 'label', width: 140 },
  { title: '修改前', dataIndex: 'before', key: 'before', render: (v: string | null) => v ?? <Typography.Text type="secondary">（空）</Typography.Text> },
  { title: '修改后', dataIndex: 'after', key: 'after', render: (v: string | null) => v ?? <Typography.Text type="secondary">（空）</Typography.Text> },
];

function AuditDetail({ row, onClose }: { row: AuditLogRow | null; onClose(): void }) {
  return (
    <Drawer title="审计记录详情" open={row !== null} onClose={onClose} size={640} destroyOnHidden>
      {row && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'time', label: '时间', children: formatDateTime(row.createdAt) },
              { key: 'user', label: '用户', children: row.username ?? '-' },
              ...(row.organiserName ? [{ key: 'organiser', label: '主办方', children: row.organiserName }] : []),
              { key: 'action', label: '操作', children: AUDIT_ACTION_LABELS[row.action] ?? row.action },
              { key: 'object', label: '对象', children: objectOf(row) },
              { key: 'summary', label: '摘要', children: row.summary },
              { key: 'address', label: '地址', children: row.address ?? '-' },
              ...(row.entry ? [{ key: 'entry', label: '入口', children: auditEntryLabel(row.entry) }] : []),
            ]}
          />
          <Typography.Title level={2} style={{ fontSize: 16, margin: '24px 0 12px' }}>
            变更内容
          </Typography.Title>
          {row.changes && row.changes.length > 0 ? (
            <Table<AuditChange> rowKey="field" size="small" pagination={false} columns={changeColumns} dataSource={row.changes} aria-label="变更内容" />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="此记录没有字段变更" />
          )}
        </>
      )}
    </Drawer>
  );
}

/**
 * 系统管理 → 审计日志: who did what and when — sign-ins, password changes, grants and every change of
 * business records — newest first, with filters, a drawer with the changed fields before → after, and
 * an export of the filtered records. Read-only: nothing here changes a record.
 */
export default function AuditLogPage() {
  const canExport = useSession((s) => s.authorities.includes(auditExport.authority));
  const [filters, setFilters] = useState<RequestParams>({});
  const [detail, setDetail] = useState<AuditLogRow | null>(null);
  const [exporting, setExporting] = useState(false);

  const columns = useMemo<TableColumnsType<AuditLogRow>>(
    () => [
      { title: '时间', dataIndex: 'createdAt', key: 'createdAt', sorter: true, width: 170, render: formatDateTime },
      {
        title: '用户',
        dataIndex: 'username',
        key: 'username',
        width: 150,
        render: (value: string | null, row) => (
          <>
            {value ?? '-'}
            {row.organiserName && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} ellipsis={{ tooltip: row.organiserName }}>
                {row.organiserName}
              </Typography.Text>
            )}
          </>
        ),
      },
      {
        title: '操作',
        dataIndex: 'action',
        key: 'action',
        width: 100,
        render: (value: AuditAction) => <Tag color={ACTION_COLORS[value]}>{AUDIT_ACTION_LABELS[value] ?? value}</Tag>,
      },
      { title: '对象', key: 'object', width: 140, render: (_, row) => objectOf(row) },
      { title: '摘要', dataIndex: 'summary', key: 'summary', ellipsis: true },
      {
        title: '地址',
        dataIndex: 'address',
        key: 'address',
        width: 140,
        render: (value: string | null, row) => (
          <>
            {value ?? '-'}
            {row.entry && <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{auditEntryLabel(row.entry)}</Typography.Text>}
          </>
        ),
      },
      {
        title: '详情',
        key: 'detail',
        width: 100,
        fixed: 'right',
        render: (_, row) => {
          const text = row.changes?.length ? `变更 ${row.changes.length} 项` : '查看';
          // The name starts with what the button shows (voice control users say what they see), then which record.
          return (
            <Button type="link" size="small" onClick={() => setDetail(row)} aria-label={`${text}，查看详情：${row.summary}`}>
              {text}
            </Button>
          );
        },
      },
    ],
    [],
  );

  const exportRows = async () => {
    setExporting(true);
    try {
      await downloadFile(auditExport.path, filters, '审计日志.xlsx', '导出失败');
    } catch {
      // Shown by the error mapper.
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <SearchForm onSearch={(values) => setFilters(filtersOf(values))}>
        <Form.Item name="action" label="操作类型">
          <Select allowClear placeholder="全部" style={{ width: 140 }} options={AUDIT_ACTION_OPTIONS} />
        </Form.Item>
        <Form.Item name="keyword" label="用户">
          <Input allowClear placeholder="用户名或摘要" maxLength={100} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="resource" label="资源">
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部" style={{ width: 160 }} options={RESOURCE_OPTIONS} />
        </Form.Item>
        <Form.Item name="dates" label="日期范围">
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
        </Form.Item>
      </SearchForm>
      <PagedTable<AuditLogRow>
        url={auditPage.path}
        columns={columns}
        rowKey="id"
        params={filters}
        scrollX={1000}
        defaultSort={{ sort: 'createdAt', order: 'desc' }}
        toolbar={
          canExport ? (
            <Button loading={exporting} onClick={() => void exportRows()}>
              导出
            </Button>
          ) : undefined
        }
      />
      <AuditDetail row={detail} onClose={() => setDetail(null)} />
    </>
  );
}
