import { Avatar, Form, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { ProjectOutlined } from '@ant-design/icons';
import { myProjectPage, type MyProjectRow } from '@domain/workspace/workspace.contracts';
import { PagedTable } from '@/components/PagedTable';
import { QrCode } from '@/components/QrCode';
import { ScopeSwitch, type ScopeOption } from '@/components/ScopeSwitch';
import { formatDate } from '@/lib/dateFormat';
import { switchProjectRule } from '@domain/core/validators';
import { useSession } from '@/stores/session';
import { authorisedProjects, switchProjects, MSG_NO_AUTHORISED_PROJECT } from '../../api';

const columns: TableColumnsType<MyProjectRow> = [
  {
    title: 'Logo',
    dataIndex: 'logo',
    key: 'logo',
    width: 80,
    render: (logo: string | null) => (
      <Avatar shape="square" size={48} src={logo || undefined} icon={<ProjectOutlined />} />
    ),
  },
  {
    title: '项目名称',
    dataIndex: 'cnfmc',
    key: 'cnfmc',
    render: (_, row) => (
      <Space size={4} wrap>
        <span>{row.cnfmc || row.cnfName}</span>
        {row.selected && <Tag color="blue">当前</Tag>}
      </Space>
    ),
  },
  { title: '开始日期', dataIndex: 'srq', key: 'srq', width: 120, sorter: true, render: (_, row) => formatDate(row.srq || row.startDate) },
  { title: '结束日期', dataIndex: 'erq', key: 'erq', width: 120, sorter: true, render: (_, row) => formatDate(row.erq || row.endDate) },
  { title: '地点', dataIndex: 'address', key: 'address', ellipsis: true, render: (value: string | null) => value || '-' },
  {
    title: '二维码',
    dataIndex: 'qrCode',
    key: 'qrCode',
    width: 182,
    align: 'center',
    render: (path: string, row) => (path ? <QrCode path={path} title={`${row.cnfmc || row.cnfName} 二维码`} /> : '-'),
  },
];

/** 我的项目: the projects authorised to the user; the ones marked 当前 are what every list works on. */
export default function MyProjectsPage() {
  const userId = useSession((s) => s.user?.userId);
  if (userId === undefined) return null;

  const loadOptions = async (): Promise<ScopeOption[]> =>
    (await authorisedProjects(userId)).map((p) => ({ value: p.cnfid, label: p.cnfmc, selected: p.selected }));

  return (
    <PagedTable<MyProjectRow>
      url={myProjectPage.path}
      columns={columns}
      rowKey="cnfid"
      params={{ userId }}
      toolbar={
        <Space wrap>
          <ScopeSwitch
            buttonText="切换项目"
            title="切换项目"
            loadOptions={loadOptions}
            save={(ids) => switchProjects(userId, ids)}
            noneAuthorisedMessage={MSG_NO_AUTHORISED_PROJECT}
            validate={switchProjectRule}
          />
          <Typography.Text type="secondary">标记为“当前”的项目即您正在处理的项目，各业务列表只显示这些项目的数据。</Typography.Text>
        </Space>
      }
      searchFields={
        <Form.Item name="cnfName" label="项目名称">
          <Input allowClear placeholder="请输入项目名称" maxLength={100} />
        </Form.Item>
      }
    />
  );
}
