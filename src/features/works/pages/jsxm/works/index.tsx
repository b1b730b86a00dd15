import { Form, Input, Select, type TableColumnsType } from 'antd';
import { PagedTable } from '../../../../../components/PagedTable';
import { StatusTag } from '../../../../../components/StatusTag';
import { formatDateTime } from '../../../../../lib/dateFormat';
import { WORKS_PAGE_URL, WORK_STATUS, type WorkRow } from '../../../api';

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
    render: (value: number) => <StatusTag value={value} options={WORK_STATUS} />,
  },
  { title: '提交时间', dataIndex: 'submittedAt', key: 'submittedAt', sorter: true, width: 180, render: formatDateTime },
];

export default function MyWorksPage() {
  return (
    <PagedTable<WorkRow>
      url={WORKS_PAGE_URL}
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
