import { useMemo, useRef } from 'react';
import { App, Avatar, Form, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { myActivityPage, type MyActivityRow } from '@domain/workspace/workspace.contracts';
import { PagedTable, type PagedTableHandle } from '@/components/PagedTable';
import { RegistrationQrCard } from '@/components/QrCode';
import { confirmAction } from '@/components/confirm';
import { preRegistrationOpen } from '@domain/meeting/preRegistration.contracts';
import { openableState } from '@domain/meeting/registrationState';
import { ScopeSwitch, type ScopeOption } from '@/components/ScopeSwitch';
import { formatDate } from '@/lib/dateFormat';
import { switchActivityRule } from '@domain/core/validators';
import { useSession } from '@/stores/session';
import { authorisedActivities, openRegistration, switchActivities, MSG_NO_AUTHORISED_ACTIVITY } from '../../api';

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
];

/** The QR card of a row: whether a scan opens the form, and 开放报名 for those who may change the activity's state. */
function ActivityQr({ row, reload }: { row: MyActivityRow; reload: () => void }) {
  const { message } = App.useApp();
  const mayOpen = useSession((s) => s.authorities.includes(preRegistrationOpen.authority));
  if (!row.qrCode) return <>-</>;
  const onOpen =
    mayOpen && openableState(row.registration)
      ? async () => {
          const yes = await confirmAction({ title: '开放报名', content: `将「${row.cnfMc}」的状态改为「报名中」，扫描此二维码即可打开登记表。确定开放报名吗？` });
          if (!yes) return;
          message.success(await openRegistration(row.cnfId));
          reload();
        }
      : undefined;
  return <RegistrationQrCard path={row.qrCode} title={`${row.cnfMc} 二维码`} open={row.registration === 'open'} text={row.registrationText} onOpen={onOpen} />;
}

/** 我的活动: the activities authorised to the user; the ones marked 当前 are what the lists work on. */
export default function MyActivitiesPage() {
  const userId = useSession((s) => s.user?.userId);
  const table = useRef<PagedTableHandle>(null);
  const withQr = useMemo<TableColumnsType<MyActivityRow>>(
    () => [
      ...columns,
      { title: '二维码', dataIndex: 'qrCode', key: 'qrCode', width: 200, align: 'center', render: (_: string, row) => <ActivityQr row={row} reload={() => table.current?.reload()} /> },
    ],
    [],
  );
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
      ref={table}
      url={myActivityPage.path}
      columns={withQr}
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
