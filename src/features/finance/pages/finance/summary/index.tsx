import { useState } from 'react';
import { Card, Col, Form, Input, Row, Statistic, Tabs, Typography, type TableColumnsType } from 'antd';
import type { ResponseOf } from '@domain/core/contract';
import { ProjectSelect } from '@/components/resource/FieldInput';
import { MoneyText } from '@/components/resource/cells';
import { ResourceTable } from '@/components/resource/ResourceTable';
import { formatMoney, parseYuanToFen, toChineseMoneyFromFen } from '@domain/core/format';
import { customerTotalsPage, projectTotalsPage, type CustomerTotalsRow, type FinanceTotals, type ProjectTotalsRow } from '@domain/finance/summary.contracts';

/**
 * 应收统计: per customer and per project, the approved contracts in force, what is invoiced (issued),
 * received (confirmed receipts) and outstanding (contract amount − received), with the totals on top.
 */
const MEASURES: Array<{ key: keyof FinanceTotals; title: string; capital?: boolean }> = [
  { key: 'contractAmount', title: '合同金额', capital: true },
  { key: 'invoiced', title: '已开票', capital: true },
  { key: 'received', title: '已回款' },
  { key: 'outstanding', title: '未回款' },
];

const MEASURE_WIDTH = 190;
const NAME_MIN_WIDTH = 240;
/** Below this the table scrolls sideways instead of squeezing the name column. */
const SCROLL_X = NAME_MIN_WIDTH + 80 + MEASURES.length * MEASURE_WIDTH;

function measureColumns<T extends FinanceTotals>(): TableColumnsType<T> {
  return MEASURES.map((m) => ({
    title: m.title,
    dataIndex: m.key,
    key: m.key,
    sorter: true,
    align: 'right' as const,
    // Wide enough for the capitals of a seven-figure amount (贰拾捌万柒仟壹佰壹拾陆元捌角) on one line.
    width: MEASURE_WIDTH,
    render: (value: string) => <MoneyText yuan={value} capital={m.capital} />,
  }));
}

const customerColumns: TableColumnsType<CustomerTotalsRow> = [
  { title: '客户', dataIndex: 'name', key: 'name', sorter: true, ellipsis: true, render: (_: unknown, row) => row.customerName },
  { title: '合同数', dataIndex: 'contractCount', key: 'contractCount', width: 80, align: 'right' },
  ...measureColumns<CustomerTotalsRow>(),
];

const projectColumns: TableColumnsType<ProjectTotalsRow> = [
  { title: '项目', dataIndex: 'name', key: 'name', sorter: true, ellipsis: true, render: (_: unknown, row) => row.projectName },
  { title: '合同数', dataIndex: 'contractCount', key: 'contractCount', width: 80, align: 'right' },
  ...measureColumns<ProjectTotalsRow>(),
];

function Totals({ sum }: { sum: FinanceTotals | null }) {
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      {MEASURES.map((m) => {
        const fen = sum ? parseYuanToFen(sum[m.key]) : null;
        return (
          <Col key={m.key} xs={24} sm={12} lg={6}>
            <Card size="small" data-testid={`total-${m.key}`}>
              <Statistic title={m.title} value={fen === null ? '-' : formatMoney(fen)} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {fen === null ? '\u00a0' : toChineseMoneyFromFen(fen)}
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

function CustomerTab() {
  const [sum, setSum] = useState<FinanceTotals | null>(null);
  return (
    <>
      <Totals sum={sum} />
      <ResourceTable<CustomerTotalsRow>
        url={customerTotalsPage.path}
        rowKey="customerId"
        columns={customerColumns}
        scrollX={SCROLL_X}
        defaultSort={{ sort: 'outstanding', order: 'desc' }}
        onLoaded={(r) => setSum((r as ResponseOf<typeof customerTotalsPage>).sum)}
        searchFields={
          <>
            <Form.Item name="name" label="客户名称">
              <Input allowClear placeholder="请输入客户名称" maxLength={100} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="cnfId" label="所属项目">
              <ProjectSelect search />
            </Form.Item>
          </>
        }
      />
    </>
  );
}

function ProjectTab() {
  const [sum, setSum] = useState<FinanceTotals | null>(null);
  return (
    <>
      <Totals sum={sum} />
      <ResourceTable<ProjectTotalsRow>
        url={projectTotalsPage.path}
        rowKey="cnfId"
        columns={projectColumns}
        scrollX={SCROLL_X}
        defaultSort={{ sort: 'outstanding', order: 'desc' }}
        onLoaded={(r) => setSum((r as ResponseOf<typeof projectTotalsPage>).sum)}
      />
    </>
  );
}

export default function FinanceSummaryPage() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'customer', label: '按客户', children: <CustomerTab /> },
        { key: 'project', label: '按项目', children: <ProjectTab /> },
      ]}
    />
  );
}
