import { useMemo, useRef } from 'react';
import { App, Avatar, Form, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { ProjectOutlined } from '@ant-design/icons';
import { myProjectPage, type MyProjectRow } from '@domain/workspace/workspace.contracts';
import { PagedTable, type PagedTableHandle } from '@/components/PagedTable';
import { RegistrationQrCard } from '@/components/QrCode';
import { confirmAction } from '@/components/confirm';
import { preRegistrationOpen } from '@domain/meeting/preRegistration.contracts';
import { ScopeSwitch, type ScopeOption } from '@/components/ScopeSwitch';
import { formatDate } from '@/lib/dateFormat';
import { switchProjectRule } from '@domain/core/validators';
import { useSession } from '@/stores/session';
import { authorisedProjects, openRegistration, switchProjects, MSG_NO_AUTHORISED_PROJECT } from '../../api';

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
];

/** What a project's QR code offers: its activities open for registration, or why nothing. */
function projectRegistrationText(row: MyProjectRow): string {
  if (row.openActivities > 0) return `扫码可登记 ${row.openActivities} 个开放报名的活动`;
  if (row.openableActivities > 0) return `扫码打不开登记表：${row.openableActivities} 个活动未开放报名`;
  return '扫码打不开登记表：没有结束日期未到的活动';
}

/** The QR card of a row, with 开放报名 (of the activities still ahead) for those who may change activities' states. */
function ProjectQr({ row, reload }: { row: MyProjectRow; reload: () => void }) {
  const { message } = App.useApp();
  const mayOpen = useSession((s) => s.authorities.includes(preRegistrationOpen.authority));
  if (!row.qrCode) return <>-</>;
  const name = row.cnfmc || row.cnfName;
  const onOpen =
    mayOpen && row.openActivities === 0 && row.openableActivities > 0
      ? async () => {
          const yes = await confirmAction({ title: '开放报名', content: `将「${name}」中结束日期未到的 ${row.openableActivities} 个活动改为「报名中」，扫描此二维码即可打开登记表。确定开放报名吗？` });
          if (!yes) return;
          message.success(await openRegistration(row.cnfid));
          reload();
        }
      : undefined;
  return <RegistrationQrCard path={row.qrCode} title={`${name} 二维码`} open={row.openActivities > 0} text={projectRegistrationText(row)} onOpen={onOpen} />;
}

/** 我的项目: the projects authorised to the user; the ones marked 当前 are what every list works on. */
export default function MyProjectsPage() {
  const userId = useSession((s) => s.user?.userId);
  const table = useRef<PagedTableHandle>(null);
  const withQr = useMemo<TableColumnsType<MyProjectRow>>(
    () => [
      ...columns,
      { title: '二维码', dataIndex: 'qrCode', key: 'qrCode', width: 200, align: 'center', render: (_: string, row) => <ProjectQr row={row} reload={() => table.current?.reload()} /> },
    ],
    [],
  );
  if (userId === undefined) return null;

  const loadOptions = async (): Promise<ScopeOption[]> =>
    (await authorisedProjects(userId)).map((p) => ({ value: p.cnfid, label: p.cnfmc, selected: p.selected }));

  return (
    <PagedTable<MyProjectRow>
      ref={table}
      url={myProjectPage.path}
      columns={withQr}
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
