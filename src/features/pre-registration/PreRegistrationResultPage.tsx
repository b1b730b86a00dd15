import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Card, Descriptions, Tag, Typography } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { QrCode } from '../../components/QrCode';
import { BASENAME } from '../../config/constants';
import { PERSON_STATES } from '@domain/meeting/resources';
import type { PreRegistrationState } from '@domain/meeting/preRegistration.contracts';
import { fetchMyRegistration, noticesPath, resultPath } from './api';
import { AttendeeItinerary } from './AttendeeItinerary';
import { EventHeader, RemoteFrame, useDocumentTitle } from './parts';
import { useRemote } from '@/hooks/useRemote';

/** What the visitor should do next, by the state of their registration (PERSON_STATES keys). */
const NEXT_STEP: Record<string, { type: 'info' | 'success' | 'warning' | 'error'; text: string }> = {
  pending: { type: 'info', text: '登记已提交，主办方审核通过后即可凭此二维码入场。入场时请在闸机或服务台出示此二维码。' },
  approved: { type: 'success', text: '登记已审核通过。入场时请在闸机或服务台出示此二维码。' },
  rejected: { type: 'error', text: '很抱歉，您的登记未通过审核，此二维码不能用于入场。如有疑问请联系主办方。' },
  cancelled: { type: 'warning', text: '此登记已取消，二维码不能用于入场。' },
};

/**
 * /pre/mine?code=: the attendee's own page, reached by their personal link — the QR code to show at the gate,
 * the state of the registration, and (AttendeeItinerary) their seat, the agenda and their shuttle.
 */
export default function PreRegistrationResultPage() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const { state, retry } = useRemote(code, () => fetchMyRegistration(code));
  useDocumentTitle(state.status === 'ready' ? `我的登记 · ${state.data.activityName} - ${state.data.projectName}` : null);
  return (
    <RemoteFrame state={state} retry={retry} refusedHint="请使用登记成功后页面上的链接或二维码打开，或联系主办方工作人员。">
      {(mine) => <RegistrationResult mine={mine} />}
    </RemoteFrame>
  );
}

function RegistrationResult({ mine }: { mine: PreRegistrationState }) {
  const state = PERSON_STATES.find((s) => s.value === mine.status);
  const next = NEXT_STEP[state?.key ?? 'pending'] ?? NEXT_STEP.pending;
  return (
    <Card className="zb-prereg">
      <EventHeader above={mine.projectName} title={mine.activityName} />
      <div className="zb-prereg-qr" data-testid="prereg-qr">
        {/* The address of this very page: a phone opens it again, a gate reads the code from ?code=. */}
        <QrCode path={`${BASENAME}${resultPath(mine.code)}`} title={`${mine.name} 的个人二维码`} />
        <Typography.Text type="secondary">个人二维码</Typography.Text>
      </div>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'name', label: '姓名', children: mine.name },
          { key: 'badgeNo', label: '胸卡编号', children: <Typography.Text copyable>{mine.badgeNo}</Typography.Text> },
          {
            key: 'status',
            label: '登记状态',
            children: <Tag color={state?.color}>{mine.statusLabel}</Tag>,
          },
        ]}
      />
      <Alert type={next.type} showIcon style={{ margin: '16px 0' }} title={next.text} />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        请截图保存本页，或收藏本页地址，以便随时再次打开个人二维码。
      </Typography.Paragraph>
      <Link to={noticesPath(mine.code)} className="zb-prereg-link">
        <NotificationOutlined /> 活动通知
      </Link>
      {/* A rejected or cancelled registration has no seat, bus or agenda to show. */}
      {(state?.key === 'pending' || state?.key === 'approved') && <AttendeeItinerary code={mine.code} />}
    </Card>
  );
}
