import { Descriptions, Table, type TableColumnsType } from 'antd';
import type { SharedCustomerInfo } from '@domain/share/sharedDocuments.contracts';
import { CUSTOMER_TYPES, GENDERS, INDUSTRIES, QUOTATION_STATES } from '@domain/crm/resources';
import { DocumentFrame } from './DocumentFrame';
import { DocTitle, label, Letterhead, money, Section, stateTag, text } from './parts';
import { useSharedDocument } from './useSharedDocument';

type Contact = SharedCustomerInfo['contacts'][number];
type Quotation = SharedCustomerInfo['quotations'][number];

/** /pre/preInfo 预登记信息: the company as registered with us, its contacts, and its quotations' state. */
export default function PreInfoPage() {
  const state = useSharedDocument<SharedCustomerInfo>('preInfo');
  return (
    <DocumentFrame state={state} kind="preInfo">
      {(c) => {
        const contactColumns: TableColumnsType<Contact> = [
          { title: '姓名', dataIndex: 'name', width: 100, render: (v: string, r) => (r.isPrimary === 1 ? `${v}（主要联系人）` : v) },
          { title: '性别', dataIndex: 'gender', width: 60, render: (v: number | null) => label(GENDERS, v) },
          { title: '部门', dataIndex: 'department', render: (v: string | null) => text(v) },
          { title: '职务', dataIndex: 'title', render: (v: string | null) => text(v) },
          { title: '手机号码', dataIndex: 'mobile', width: 130, render: (v: string | null) => text(v) },
          { title: '邮箱', dataIndex: 'email', render: (v: string | null) => text(v) },
        ];
        const quotationColumns: TableColumnsType<Quotation> = [
          { title: '报价单号', dataIndex: 'code', width: 160, render: (v: string | null) => text(v) },
          { title: '报价主题', dataIndex: 'title' },
          { title: '所属项目', dataIndex: 'projectName', render: (v: string | null) => text(v) },
          { title: '报价日期', dataIndex: 'quoteDate', width: 110 },
          { title: '报价总额', dataIndex: 'totalAmount', width: 140, align: 'right', render: (v: number) => money(v) },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => stateTag(QUOTATION_STATES, v) },
        ];
        return (
          <>
            <Letterhead doc={c} />
            <DocTitle title="预登记信息" meta={c.name} />
            <Section title="企业信息">
              <Descriptions
                size="small"
                bordered
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'name', label: '企业名称', children: c.name, span: 2 },
                  { key: 'short', label: '企业简称', children: text(c.shortName) },
                  { key: 'type', label: '参与类型', children: label(CUSTOMER_TYPES, c.type) },
                  { key: 'industry', label: '所属行业', children: label(INDUSTRIES, c.industry) },
                  { key: 'credit', label: '统一社会信用代码', children: text(c.creditCode) },
                  { key: 'region', label: '所在地区', children: text(c.region) },
                  { key: 'phone', label: '联系电话', children: text(c.phone) },
                  { key: 'email', label: '邮箱', children: text(c.email) },
                  { key: 'website', label: '官网', children: text(c.website) },
                  { key: 'address', label: '详细地址', children: text(c.address), span: 2 },
                ]}
              />
            </Section>
            <Section title="联系人">
              <Table<Contact> size="small" bordered rowKey={(r) => `${r.name}-${r.mobile}`} columns={contactColumns} dataSource={c.contacts} pagination={false} locale={{ emptyText: '暂无联系人' }} />
            </Section>
            <Section title="参展报价">
              <Table<Quotation> size="small" bordered rowKey={(r) => `${r.code}-${r.title}`} columns={quotationColumns} dataSource={c.quotations} pagination={false} locale={{ emptyText: '暂无报价' }} />
            </Section>
          </>
        );
      }}
    </DocumentFrame>
  );
}
