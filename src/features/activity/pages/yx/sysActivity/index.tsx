import { Form, Input, Select, type TableColumnsType } from 'antd';
import type { ActivityRow } from '../../../../../shared/wire';
import { PagedTable } from '../../../../../components/PagedTable';
import { StatusTag } from '../../../../../components/StatusTag';
import { formatDate } from '../../../../../lib/dateFormat';
import { ACTIVITY_PAGE_URL, ACTIVITY_STATUS } from '../../../api';

/** 活动列表: the back-office home of organiser staff. */
const columns: TableColumnsType<ActivityRow> = [
  { title: '活动名称', dataIndex: 'name', key: 'name', sorter: true, width: 260 },
  { title: '所属项目', dataIndex: 'cnfMc', key: 'cnfMc', render: (_, row) => row.cnfMc ?? row.projectName ?? '-' },
  { title: '开始日期', dataIndex: 'srq', key: 'srq', sorter: true, width: 120, render: formatDate },
  { title: '结束日期', dataIndex: 'erq', key: 'erq', sorter: true, width: 120, render: formatDate },
  { title: '地点', dataIndex: 'address', key: 'address', ellipsis: true, render: (value: string | null) => value || '-' },
  {
    title: '状态',
    dataIndex: 'status',
    key: 'status',
    width: 100,
    render: (value: number) => <StatusTag value={value} options={ACTIVITY_STATUS} />,
  },
];

export default function ActivityListPage() {
  return (
    <PagedTable<ActivityRow>
      url={ACTIVITY_PAGE_URL}
      columns={columns}
      rowKey="id"
      defaultSort={{ sort: 'srq', order: 'desc' }}
      searchFields={
        <>
          <Form.Item name="name" label="活动名称">
            <Input allowClear placeholder="请输入活动名称" maxLength={100} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" style={{ width: 140 }} options={[...ACTIVITY_STATUS]} />
          </Form.Item>
        </>
      }
    />
  );
}
