import { Avatar, Form, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { myActivityPage, type MyActivityRow } from '@domain/workspace/workspace.contracts';
import { PagedTable } from '@/components/PagedTable';
import { QrCode } from '@/components/QrCode';
import { ScopeSwitch, type ScopeOption } from '@/components/ScopeSwitch';
import { formatDate } from '@/lib/dateFormat';
import { switchActivityRule } from '@domain/core/validators';
import { useSession } from '@/stores/session';
import { authorisedActivities, switchActivities, MSG_NO_AUTHORISED_ACTIVITY } from '../../api';

const columns: TableColumnsType<MyActivityRow> = [
  {
    title: 'Logo',
    dataIndex: 'logo',
    key: 'logo',
    width: 80,
    render: (logo: string | null) => (
      <Avatar shape="square" size={48} src={logo || undefined} icon={<CalendarOutlined />} />
    ),
  },
  {
    title: '活动名称',
    dataIndex: 'cnfMc',
    key: 'cnfMc',
    render: (name: string, row) => (
      <Space size={4} wrap>
        <span>{name}</span>
        {row.selected && <Tag color="blue">当前</Tag>}
      </Space>
    ),
  },
  { title: '所属项目', dataIndex: 'projectName', key: 'projectName', ellipsis: true, render: (value: string) => value || '-' },
  { title: '开始日期', dataIndex: 'srq', key: 'srq', width: 120, sorter: true, render: formatDate },
  { title: '结束日期', dataIndex: 'erq', key: 'erq', width: 120, sorter: true, render: formatDate },
  { title: '地点', dataIndex: 'address', key: 'address', ellipsis: true, render: (value: string | null) => value || '-' },
  {
    title: '二维码',
    dataIndex: 'qrCode',
    key: 'qrCode',
    width: 182,
    align: 'center',
    render: (path: string, row) => (path ? <QrCode path={path} title={`${row.cnfMc} 二维码`} /> : '-'),
  },
];

/** 我的活动: the activities authorised to the user; the ones marked 当前 are what the lists work on. */
export default function MyActivitiesPage() {
  const userId = useSession((s) => s.user?.userId);
  if (userId === undefined) return null;

  const loadOptions = async (): Promise<ScopeOption[]> =>
    (await authorisedActivities(userId)).map((a) => ({
      value: a.cnfId,
      label: a.cnfMc,
      group: a.projectName,
      selected: a.selected,
    }));

  return (
    <PagedTable<MyActivityRow>
      url={myActivityPage.path}
      columns={columns}
      rowKey="cnfId"
      params={{ userId }}
      toolbar={
        <Space wrap>
          <ScopeSwitch
            buttonText="切换活动"
            title="切换活动"
            loadOptions={loadOptions}
            save={(ids) => switchActivities(userId, ids)}
            noneAuthorisedMessage={MSG_NO_AUTHORISED_ACTIVITY}
            validate={switchActivityRule}
          />
          <Typography.Text type="secondary">标记为“当前”的活动即您正在处理的活动。</Typography.Text>
        </Space>
      }
      searchFields={
        <Form.Item name="cnfName" label="活动名称">
          <Input allowClear placeholder="请输入活动名称" maxLength={100} />
        </Form.Item>
      }
    />
  );
}
