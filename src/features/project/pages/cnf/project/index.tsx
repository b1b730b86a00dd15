import { Avatar, Form, Input, Select, type TableColumnsType } from 'antd';
import { ProjectOutlined } from '@ant-design/icons';
import { PagedTable } from '../../../../../components/PagedTable';
import { StatusTag } from '../../../../../components/StatusTag';
import { formatDate } from '../../../../../lib/dateFormat';
import { PROJECT_PAGE_URL, PROJECT_STATUS, type ProjectRow } from '../../../api';

/** 项目列表: the exhibitions and conferences the user may work on. */
const columns: TableColumnsType<ProjectRow> = [
  {
    title: 'Logo',
    dataIndex: 'logo',
    key: 'logo',
    width: 72,
    render: (logo: string | null) => <Avatar shape="square" src={logo || undefined} icon={logo ? undefined : <ProjectOutlined />} />,
  },
  { title: '项目名称', dataIndex: 'cnfmc', key: 'cnfmc', width: 280 },
  { title: '项目编号', dataIndex: 'code', key: 'code', sorter: true, width: 120 },
  { title: '开始日期', dataIndex: 'srq', key: 'srq', sorter: true, width: 120, render: formatDate },
  { title: '结束日期', dataIndex: 'erq', key: 'erq', sorter: true, width: 120, render: formatDate },
  { title: '地点', dataIndex: 'address', key: 'address', ellipsis: true, render: (value: string | null) => value || '-' },
  {
    title: '状态',
    dataIndex: 'status',
    key: 'status',
    width: 100,
    render: (value: number) => <StatusTag value={value} options={PROJECT_STATUS} />,
  },
  { title: '活动数', dataIndex: 'activityCount', key: 'activityCount', width: 90, align: 'right' },
];

export default function ProjectListPage() {
  return (
    <PagedTable<ProjectRow>
      url={PROJECT_PAGE_URL}
      columns={columns}
      rowKey="id"
      defaultSort={{ sort: 'srq', order: 'desc' }}
      searchFields={
        <>
          <Form.Item name="name" label="项目名称">
            <Input allowClear placeholder="请输入项目名称" maxLength={100} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" style={{ width: 140 }} options={[...PROJECT_STATUS]} />
          </Form.Item>
        </>
      }
    />
  );
}
