import { Form, Input, Select, Typography, type TableColumnsType } from 'antd';
import { PagedTable } from '@/components/PagedTable';
import { WorkStatusTag } from '@/components/WorkStatusTag';
import { formatDateTime } from '@/lib/dateFormat';
import { myWorksPage, type WorkRow } from '@domain/works/works.contracts';
import { WORK_STATUS } from '@/components/WorkStatusTag';
import { isPublicWork, showcaseUrl } from '@/features/works/showcaseLink';

/**
 * Public works get their showcase address to copy and share. Copy only, not a link: the guard sends a
 * signed-in user away from /htxx/showEduProject, so the address is for people outside the app.
 */
function ShowcaseAction({ row }: { row: WorkRow }) {
  if (!isPublicWork(row.status)) return <Typography.Text type="secondary">-</Typography.Text>;
  const url = showcaseUrl(row.reportNo);
  return (
    <Typography.Text title={url} copyable={{ text: url, tooltips: ['复制展示页链接', '已复制'] }}>
      展示页链接
    </Typography.Text>
  );
}

/** 我的参赛作品: the competition user's entries. */
const columns: TableColumnsType<WorkRow> = [
  { title: '作品名称', dataIndex: 'title', key: 'title', sorter: true, width: 260 },
  { title: '团队', dataIndex: 'teamName', key: 'teamName', render: (value: string | null) => value || '-' },
  { title: '学校', dataIndex: 'school', key: 'school', render: (value: string | null) => value || '-' },
  { title: '类别', dataIndex: 'category', key: 'category', render: (value: string | null) => value || '-' },
  { title: '报名编号', dataIndex: 'reportNo', key: 'reportNo', sorter: true, width: 150 },
  {
    title: '状态',
    dataIndex: 'status',
    key: 'status',
    width: 100,
    render: (value: number) => <WorkStatusTag status={value} />,
  },
  { title: '提交时间', dataIndex: 'submittedAt', key: 'submittedAt', sorter: true, width: 180, render: formatDateTime },
  { title: '展示', key: 'showcase', width: 120, render: (_: unknown, row) => <ShowcaseAction row={row} /> },
];

export default function MyWorksPage() {
  return (
    <PagedTable<WorkRow>
      url={myWorksPage.path}
      columns={columns}
      rowKey="id"
      defaultSort={{ sort: 'createdAt', order: 'desc' }}
      searchFields={
        <>
          <Form.Item name="title" label="作品名称">
            <Input allowClear placeholder="请输入作品名称" maxLength={100} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" style={{ width: 140 }} options={[...WORK_STATUS]} />
          </Form.Item>
        </>
      }
    />
  );
}
