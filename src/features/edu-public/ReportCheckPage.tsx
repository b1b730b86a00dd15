import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { ApiError } from '../../api/errors';
import type { ReportCheckResult } from '@domain/edu/eduPublic.contracts';
import { CompetitionBanner } from '../../components/CompetitionBanner';
import { WorkStatusTag } from '../../components/WorkStatusTag';
import { mobileRules, reportNoRules, toAntdRule } from '@domain/core/validators';
import { checkReport, REVIEW_NOTES } from './api';

interface LookupForm {
  no: string;
  mobile: string;
}

type Outcome = { kind: 'found'; result: ReportCheckResult } | { kind: 'missing'; message: string } | null;

/** Numbers are printed in capitals without spaces; accept them however they were typed. */
const normalizeNo = (value: string | undefined) => (value ?? '').replace(/\s+/g, '').toUpperCase();
const removeSpaces = (value: string | undefined) => (value ?? '').replace(/\s+/g, '');

/**
 * /htxx/reportCheck: look up the review status of one's own report without signing in, by its 报名编号 and
 * the mobile of the entrant's account (numbers are sequential: the number alone would tell anyone's).
 */
export default function ReportCheckPage() {
  const [form] = Form.useForm<LookupForm>();
  const [searching, setSearching] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onFinish = async ({ no, mobile }: LookupForm) => {
    setSearching(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'found', result: await checkReport(no, mobile) });
    } catch (error) {
      // A refusal (unknown number, draft) is the answer to show here; other failures were toasted already.
      if (error instanceof ApiError && error.reason === 'code') setOutcome({ kind: 'missing', message: error.message });
    } finally {
      setSearching(false);
    }
  };

  return (
    <Card style={{ maxWidth: 640, margin: '0 auto' }}>
      <CompetitionBanner subtitle="评审结果查询" />
      <Form form={form} layout="vertical" size="large" onFinish={onFinish}>
        <Form.Item
          name="no"
          label="报名编号"
          normalize={normalizeNo}
          rules={[toAntdRule(reportNoRules, { required: true })]}
          extra="报名编号见报名确认邮件或“我的参赛作品”，如 DS15-2026-000318"
        >
          <Input placeholder="请输入报名编号" maxLength={32} allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item name="mobile" label="手机号码" normalize={removeSpaces} rules={[toAntdRule(mobileRules)]} extra="参赛账号绑定的手机号码">
          <Input placeholder="请输入参赛账号的手机号码" maxLength={20} allowClear inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block icon={<SearchOutlined />} loading={searching}>
            查询
          </Button>
        </Form.Item>
      </Form>
      {outcome?.kind === 'missing' && <Alert type="warning" showIcon title={outcome.message} />}
      {outcome?.kind === 'found' && (
        <>
          <Alert
            type={outcome.result.status === 3 ? 'info' : 'success'}
            showIcon
            title={REVIEW_NOTES[outcome.result.status] ?? ''}
            style={{ marginBottom: 16 }}
          />
          <Descriptions
            bordered
            column={1}
            items={[
              { key: 'title', label: '作品名称', children: outcome.result.title },
              { key: 'reportNo', label: '报名编号', children: outcome.result.reportNo },
              { key: 'status', label: '评审状态', children: <WorkStatusTag status={outcome.result.status} /> },
              { key: 'submitted', label: '提交日期', children: outcome.result.submittedDate ?? '-' },
              { key: 'updated', label: '状态更新日期', children: outcome.result.updatedDate },
            ]}
          />
        </>
      )}
    </Card>
  );
}
