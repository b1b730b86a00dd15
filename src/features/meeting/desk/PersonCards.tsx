import { useState } from 'react';
import { Button, Card, Empty, Input, Modal, Space, Spin, Tag, Typography } from 'antd';
import { CheckOutlined, LoginOutlined, PrinterOutlined } from '@ant-design/icons';
import { PERSON_STATES } from '@domain/meeting/resources';
import type { DeskPerson } from '@domain/meeting/gateScan.contracts';
import { personResend } from '@domain/meeting/personMessages.contracts';
import { useSession } from '@/stores/session';
import { ResendQrButton } from '../persons/ResendQrButton';

/**
 * The attendees a desk search found, one card each: who (name, company, category, badge, masked mobile),
 * where they stand (登记状态, 签到 or not, seat) and what the desk can do — 签到 by hand with a reason,
 * 审核通过 on the spot (only shown to who may approve; the server checks again), 打印胸卡, and 补发二维码
 * to the attendee's email and mobile (for who holds the attendees' list).
 */

/** Reasons staff give most often, one click each; any other can be typed. */
export const QUICK_REASONS = ['忘带二维码', '手机没电', '二维码无法识别', '现场补办登记'];

const APPROVED = PERSON_STATES.find((s) => s.key === 'approved')!.value;
const PENDING = PERSON_STATES.find((s) => s.key === 'pending')!.value;
const stateColour = (status: number) => PERSON_STATES.find((s) => s.value === status)?.color;

export interface PersonCardsProps {
  /** null: no search yet. */
  people: DeskPerson[] | null;
  keyword: string;
  searching: boolean;
  canApprove: boolean;
  canPrint: boolean;
  /** Manual check-in is done at an entry gate only. */
  entryGate: boolean;
  onCheckIn: (person: DeskPerson, reason: string) => Promise<void>;
  onApprove: (person: DeskPerson) => Promise<void>;
  /** The check-in dialog has closed (its animation over). */
  onDialogClosed?: () => void;
  onPrint: (person: DeskPerson) => void;
}

function ReasonModal({ person, onSubmit, onClose, afterClose }: { person: DeskPerson | null; onSubmit: (reason: string) => Promise<void>; onClose: () => void; afterClose?: () => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) return;
    setBusy(true);
    try {
      await onSubmit(reason.trim());
      setReason('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={person ? `人工签到：${person.name}` : '人工签到'}
      open={person !== null}
      onCancel={() => {
        setReason('');
        onClose();
      }}
      onOk={() => void submit()}
      okText="确认签到"
      okButtonProps={{ disabled: !reason.trim(), loading: busy }}
      destroyOnHidden
      // The desk's field, not the card's 签到 button, has the focus once the dialog has gone.
      focusable={{ focusTriggerAfterClose: false }}
      afterClose={afterClose}
    >
      <Typography.Paragraph type="secondary">人工签到会记录原因和操作人，请核对证件后办理。</Typography.Paragraph>
      <Space size={[4, 8]} wrap style={{ marginBottom: 8 }}>
        {QUICK_REASONS.map((text) => (
          <Tag.CheckableTag key={text} checked={reason === text} onChange={() => setReason(text)}>
            {text}
          </Tag.CheckableTag>
        ))}
      </Space>
      <Input.TextArea
        aria-label="人工签到原因"
        placeholder="请填写人工签到原因（必填）"
        value={reason}
        maxLength={200}
        showCount
        autoSize={{ minRows: 2, maxRows: 4 }}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}

function PersonCard({ person, props, onCheckIn }: { person: DeskPerson; props: PersonCardsProps; onCheckIn: () => void }) {
  const [approving, setApproving] = useState(false);
  const approve = async () => {
    setApproving(true);
    try {
      await props.onApprove(person);
    } finally {
      setApproving(false);
    }
  };
  const canResend = useSession((st) => st.authorities.includes(personResend.authority)) && (person.status === APPROVED || person.status === PENDING);
  const checkedIn = person.checkedInAt !== null;
  const canCheckIn = person.status === APPROVED && !checkedIn && props.entryGate;
  return (
    <Card size="small" data-testid="desk-person-card" aria-label={person.name}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
        <div style={{ minWidth: 0 }}>
          <Space size={8} wrap>
            <Typography.Text strong style={{ fontSize: 22 }}>
              {person.name}
            </Typography.Text>
            <Tag color={stateColour(person.status)}>{person.statusLabel}</Tag>
            <Tag color="blue">{person.kindLabel}</Tag>
            {checkedIn ? <Tag color="green">已签到 {person.checkedInAt!.slice(5, 16)}</Tag> : <Tag>未签到</Tag>}
          </Space>
          <div style={{ marginTop: 4 }}>
            <Typography.Text type="secondary">
              {[person.company, person.mobile, person.badgeNo ? `胸卡 ${person.badgeNo}` : null].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
          <div>
            <Typography.Text type={person.seat ? undefined : 'secondary'}>座位：{person.seat ?? '未分配'}</Typography.Text>
          </div>
        </div>
        <Space wrap>
          {person.status === PENDING && props.canApprove && (
            <Button icon={<CheckOutlined />} loading={approving} onClick={() => void approve()}>
              审核通过
            </Button>
          )}
          {props.canPrint && (
            <Button icon={<PrinterOutlined />} onClick={() => props.onPrint(person)}>
              打印胸卡
            </Button>
          )}
          {canResend && <ResendQrButton ids={[person.id]} names={person.name} />}
          <Button type="primary" icon={<LoginOutlined />} disabled={!canCheckIn} onClick={onCheckIn} title={checkInHint(person, props)}>
            签到
          </Button>
        </Space>
      </div>
    </Card>
  );
}

function checkInHint(person: DeskPerson, props: PersonCardsProps): string | undefined {
  if (person.checkedInAt) return '已签到';
  if (!props.entryGate) return '人工签到请在入场闸机办理';
  if (person.status === PENDING) return props.canApprove ? '请先审核通过' : '尚未审核通过，请联系有审核权限的人员';
  if (person.status !== APPROVED) return `登记${person.statusLabel}，不能签到`;
  return undefined;
}

export function PersonCards(props: PersonCardsProps) {
  const [checking, setChecking] = useState<DeskPerson | null>(null);
  if (props.people === null) return null;
  return (
    <div data-testid="desk-results" style={{ marginBottom: 16 }}>
      <Spin spinning={props.searching}>
        {props.people.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`没有找到「${props.keyword}」`} />
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }} size={8}>
            <Typography.Text type="secondary">
              「{props.keyword}」找到 {props.people.length} 人{props.people.length >= 20 ? '（只显示前 20 人，请输入更多文字）' : ''}
            </Typography.Text>
            {props.people.map((person) => (
              <PersonCard key={person.id} person={person} props={props} onCheckIn={() => setChecking(person)} />
            ))}
          </Space>
        )}
      </Spin>
      <ReasonModal
        person={checking}
        onClose={() => setChecking(null)}
        afterClose={props.onDialogClosed}
        onSubmit={async (reason) => {
          await props.onCheckIn(checking!, reason);
          setChecking(null);
        }}
      />
    </div>
  );
}
