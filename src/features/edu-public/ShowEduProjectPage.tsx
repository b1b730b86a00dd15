import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Flex, Result, Spin, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import type { EduProjectShowcase } from '@domain/edu/eduPublic.contracts';
import { CompetitionBanner } from '../../components/CompetitionBanner';
import { WorkStatusTag } from '../../components/WorkStatusTag';
import { reportNoRule } from '@domain/core/validators';
import { fetchShowcase } from './api';

/** Said for every number that has no public work, whatever the reason, exactly as the server says it. */
export const MSG_NOT_PUBLIC = '未找到公开的参赛作品';

type Outcome =
  | { state: 'shown'; work: EduProjectShowcase }
  /** `retry`: the failure was the connection or the rate limit, so trying again may help. */
  | { state: 'failed'; message: string; retry: boolean };

/** /htxx/showEduProject?no=<报名编号>: a team's competition project, shown to anyone with the link. */
export default function ShowEduProjectPage() {
  const [params] = useSearchParams();
  const no = (params.get('no') ?? '').trim();
  // A number that cannot exist is not worth a request (nor a count against the rate limit).
  const plausible = no !== '' && reportNoRule(no) === null;
  const [attempt, setAttempt] = useState(0);
  /** The answer for one number and attempt; anything else on screen is still loading. */
  const [answer, setAnswer] = useState<{ key: string; outcome: Outcome } | null>(null);
  const key = `${no}#${attempt}`;

  useEffect(() => {
    if (!plausible) return;
    let live = true;
    fetchShowcase(no).then(
      (work) => {
        if (live) setAnswer({ key, outcome: { state: 'shown', work } });
      },
      (error: unknown) => {
        if (!live) return;
        const refused = error instanceof ApiError && error.reason === 'code';
        const message = error instanceof Error && error.message ? error.message : MSG_NOT_PUBLIC;
        setAnswer({ key, outcome: { state: 'failed', message, retry: !refused } });
      },
    );
    return () => {
      live = false;
    };
  }, [no, plausible, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const outcome: Outcome | null = !plausible
    ? { state: 'failed', message: MSG_NOT_PUBLIC, retry: false }
    : answer?.key === key
      ? answer.outcome
      : null;

  return (
    <Card style={{ maxWidth: 760, margin: '0 auto' }}>
      <CompetitionBanner subtitle="参赛作品展示" />
      {outcome === null && (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin size="large" />
        </Flex>
      )}
      {outcome?.state === 'failed' && (
        <Result
          status={outcome.retry ? 'error' : 'warning'}
          title={outcome.message}
          subTitle={outcome.retry ? '请稍后重试' : '请核对链接中的报名编号；作品通过初审后才会公开展示'}
          extra={
            outcome.retry ? (
              <Button type="primary" onClick={retry}>
                重试
              </Button>
            ) : (
              <Link to="/htxx/reportCheck">查询评审结果</Link>
            )
          }
        />
      )}
      {outcome?.state === 'shown' && <Showcase work={outcome.work} />}
    </Card>
  );
}

function Showcase({ work }: { work: EduProjectShowcase }) {
  return (
    <>
      <Flex align="center" justify="center" gap={12} wrap style={{ marginBottom: 24 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {work.title}
        </Typography.Title>
        <WorkStatusTag status={work.status} />
      </Flex>
      <Descriptions
        bordered
        column={1}
        items={[
          { key: 'team', label: '参赛团队', children: work.teamName ?? '-' },
          { key: 'school', label: '所在学校', children: work.school ?? '-' },
          { key: 'category', label: '参赛类别', children: work.category ?? '-' },
          { key: 'reportNo', label: '报名编号', children: work.reportNo },
          { key: 'status', label: '评审状态', children: <WorkStatusTag status={work.status} /> },
          { key: 'submitted', label: '提交日期', children: work.submittedDate ?? '-' },
        ]}
      />
    </>
  );
}
