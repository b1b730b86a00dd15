import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, Radio, Result, Select, Typography } from 'antd';
import { ApiError } from '../../api/errors';
import { QrCode } from '../../components/QrCode';
import { formRule } from '../../components/resource/fieldValues';
import { SmsCodeInput } from '../../components/SmsCodeInput';
import { BASENAME } from '../../config/constants';
import { smsCodeRules, toAntdRule } from '@domain/core/validators';
import { ID_TYPES, PERSON_KINDS, person } from '@domain/meeting/resources';
import { fieldOf } from '@domain/resource/framework';
import type { FieldDef } from '@domain/resource/types';
import {
  PRE_REGISTRATION_FIELDS,
  PRE_REGISTRATION_KINDS,
  type PreRegistrationActivity,
  type PreRegistrationField,
  type PreRegistrationInfo,
  type PreRegistrationNotice,
  type PreRegistrationReceipt,
} from '@domain/meeting/preRegistration.contracts';
import { type FieldError } from '@domain/core/envelope';
import { fetchRegistrationInfo, fetchRegistrationNotice, resultPath, submitRegistration, type RegistrationForm, type RegistrationTarget } from './api';
import { EventHeader, RemoteFrame, dateRange, useDocumentTitle } from './parts';
import { useRemote } from '@/hooks/useRemote';

/** What the visitor fills in, in this order; the definition of 参会人员 gives labels, limits and rules. */
const FIELD_NAMES = PRE_REGISTRATION_FIELDS;
type FieldName = PreRegistrationField;
const FIELDS = Object.fromEntries(FIELD_NAMES.map((name) => [name, fieldOf(person, name)!])) as Record<FieldName, FieldDef>;

const KIND_OPTIONS = PERSON_KINDS.filter((k) => (PRE_REGISTRATION_KINDS as readonly (string | undefined)[]).includes(k.key)).map((k) => ({ value: k.value, label: k.label }));
const ID_TYPE_OPTIONS = ID_TYPES.map((t) => ({ value: t.value, label: t.label }));
/**
 * A confirmation goes once a day per activity to a mobile or email (server/services/publicSends.ts): a repeat
 * is saved and answered alike, but sends nothing new, so the page says where to look.
 */
const RESEND_NOTE = '同一手机号或邮箱一天内只收到一次本活动的登记确认，如已收到请查看之前的短信或邮件。';

/** Shown under the activities, so a visitor who misses one knows why it is not there. */
export const OPEN_RULE_TEXT = '这里只列出正在开放登记的活动；已结束或尚未开始报名的活动不在其中。';

type Values = Partial<Record<FieldName, string | number>> & { activityId?: number; smsCode?: string };

/** `?project=12` or `?activity=34`; anything else is sent as no target at all and answered as closed. */
function targetOf(params: URLSearchParams): RegistrationTarget | Record<string, never> {
  const digits = (name: string) => {
    const raw = params.get(name) ?? '';
    return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  };
  const activity = digits('activity');
  if (activity !== null) return { activity };
  const project = digits('project');
  return project !== null ? { project } : {};
}

const removeSpaces = (value: string | undefined) => (value ?? '').replace(/\s+/g, '');

/** /pre/register: where the QR codes of 我的项目 and 我的活动 lead. Signed out, on a phone. */
export default function PreRegisterPage() {
  const [params] = useSearchParams();
  const target = targetOf(params);
  const { state, retry } = useRemote(JSON.stringify(target), () => loadPage(target as RegistrationTarget));
  useDocumentTitle(state.status === 'ready' ? `${state.data.info?.projectName ?? state.data.notice!.activityName ?? state.data.notice!.projectName} · 参会登记 - ${(state.data.info ?? state.data.notice)!.organiserName}` : null);
  return (
    <RemoteFrame state={state} retry={retry} refusedHint="请向主办方工作人员确认活动的登记时间，或扫描现场张贴的最新二维码。">
      {(page) => (page.info ? <RegistrationForm info={page.info} /> : <ClosedNotice notice={page.notice!} />)}
    </RemoteFrame>
  );
}

/** The form of an open target; for a closed one, what the visitor should know instead (the notice). */
async function loadPage(target: RegistrationTarget): Promise<{ info?: PreRegistrationInfo; notice?: PreRegistrationNotice }> {
  try {
    return { info: await fetchRegistrationInfo(target) };
  } catch (error) {
    if (!(error instanceof ApiError && error.reason === 'code')) throw error;
    // Unknown targets are refused here too, with the same words: then the first refusal is the answer.
    const notice = await fetchRegistrationNotice(target).catch(() => {
      throw error;
    });
    // Opened in the meantime: the form after all.
    return notice.state === 'open' ? { info: await fetchRegistrationInfo(target) } : { notice };
  }
}

/** A visitor's words for a closed QR code: what it is, that registration has not begun or is over, and when it takes place. */
export function closedTitle(notice: PreRegistrationNotice): string {
  if (notice.state === 'cancelled') return '该活动已取消';
  if (notice.state === 'notYet') return '报名尚未开始';
  return '报名已截止';
}

function closedHint(notice: PreRegistrationNotice): string {
  const when = dateRange(notice.srq, notice.erq);
  if (notice.state === 'cancelled') return '如有疑问，请联系主办方。';
  if (notice.state === 'notYet') return `活动时间：${when}。报名开放后，扫描同一个二维码即可登记，请稍后再来。`;
  return `活动时间：${when}，登记已经结束。如需参加，请联系主办方。`;
}

function ClosedNotice({ notice }: { notice: PreRegistrationNotice }) {
  return (
    <Card className="zb-prereg" data-testid="prereg-closed">
      <EventHeader above={notice.organiserName} title={notice.activityName ?? notice.projectName} dates={dateRange(notice.srq, notice.erq)} address={notice.address} />
      {notice.activityName && <Typography.Text type="secondary">{notice.projectName}</Typography.Text>}
      <Result status={notice.state === 'notYet' ? 'info' : 'warning'} title={closedTitle(notice)} subTitle={closedHint(notice)} />
    </Card>
  );
}

/** Form.Item hands it the value and onChange of 选择活动. */
function ActivityChoice({ activities, value, onChange }: { activities: PreRegistrationActivity[]; value?: number; onChange?: (id: number) => void }) {
  return (
    <Radio.Group className="zb-prereg-activities" value={value} onChange={(e) => onChange?.(e.target.value as number)}>
      {activities.map((a) => (
        <Radio key={a.id} value={a.id} className="zb-prereg-activity">
          <Typography.Text strong>{a.name}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {dateRange(a.srq, a.erq)}
            {a.address ? ` · ${a.address}` : ''}
          </Typography.Text>
        </Radio>
      ))}
    </Radio.Group>
  );
}

function RegistrationForm({ info }: { info: PreRegistrationInfo }) {
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [receipt, setReceipt] = useState<PreRegistrationReceipt | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const only = info.activities.length === 1 ? info.activities[0] : null;
  const chosenId = Form.useWatch('activityId', form) as number | undefined;
  const chosen = only ?? info.activities.find((a) => a.id === chosenId);
  // 证件 are asked for where the activity requires them; before one is chosen, where any of them does.
  const needId = chosen ? chosen.requireId : info.activities.some((a) => a.requireId);
  const idTypeField: FieldDef = { ...FIELDS.idType, required: needId };
  const idNoField: FieldDef = { ...FIELDS.idNo, required: needId };
  // 需要短信验证手机号: the same rule as 证件 for which activities count.
  const needCode = chosen ? chosen.smsVerify : info.activities.some((a) => a.smsVerify);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setRefusal(null);
    try {
      // 选择活动 is required by the form, so one is always chosen here.
      const fields: RegistrationForm = { activityId: (only?.id ?? values.activityId)! };
      for (const name of FIELD_NAMES) fields[name] = values[name] === undefined || values[name] === null ? '' : String(values[name]).trim();
      // Only where the activity asks: elsewhere the request stays as it was.
      if (info.activities.find((a) => a.id === fields.activityId)?.smsVerify) fields.smsCode = (values.smsCode ?? '').trim();
      setReceipt(await submitRegistration(fields));
    } catch (error) {
      const errors = error instanceof ApiError ? (error.data as { errors?: FieldError[] } | null | undefined)?.errors : undefined;
      if (errors?.length) {
        form.setFields(errors.map((e) => ({ name: e.field as FieldName, errors: [e.msg] })));
        form.scrollToField(errors[0].field as FieldName);
      } else if (error instanceof ApiError && error.reason === 'code') {
        // The activity closed while the form was open: say so next to the button.
        setRefusal(error.message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const text = (
    name: FieldName,
    props: { inputMode?: 'tel' | 'email' | 'text'; normalize?: (v: string) => string; autoComplete?: string; maxLength?: number } = {},
  ) => {
    const field = FIELDS[name];
    return (
      <Form.Item name={name} label={field.label} rules={[formRule(field)]} normalize={props.normalize}>
        <Input placeholder={`请输入${field.label}`} maxLength={props.maxLength ?? field.max} inputMode={props.inputMode} autoComplete={props.autoComplete} allowClear />
      </Form.Item>
    );
  };

  if (receipt?.code) {
    // The mobile was proven by its SMS code: its owner may see their QR code here, as well as by SMS.
    return (
      <Card className="zb-prereg" data-testid="prereg-done">
        <EventHeader above={info.organiserName} title={info.projectName} dates={dateRange(info.projectSrq, info.projectErq)} address={info.projectAddress} />
        <Result status="success" title="登记已提交" subTitle={`${receipt.name}，这是您的个人二维码，主办方审核通过后凭此二维码入场。`} style={{ paddingBottom: 0 }} />
        <div className="zb-prereg-qr" data-testid="prereg-qr">
          <QrCode path={`${BASENAME}${resultPath(receipt.code)}`} title={`${receipt.name} 的个人二维码`} />
          <Typography.Text type="secondary">个人二维码</Typography.Text>
        </div>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          个人页面链接也将通过短信发送至 {receipt.sentTo}；填写了电子邮箱的，同时发送到邮箱。{RESEND_NOTE}请截图保存本页，或打开个人页面查看登记状态。
        </Typography.Paragraph>
        <Link to={resultPath(receipt.code)} className="zb-prereg-link">
          打开我的登记页面
        </Link>
      </Card>
    );
  }

  if (receipt) {
    return (
      <Card className="zb-prereg" data-testid="prereg-sent">
        <EventHeader above={info.organiserName} title={info.projectName} dates={dateRange(info.projectSrq, info.projectErq)} address={info.projectAddress} />
        <Result
          status="success"
          title="登记已提交"
          subTitle={`${receipt.name}，您的个人页面链接和入场二维码将通过短信发送至 ${receipt.sentTo}；填写了电子邮箱的，同时发送到邮箱。${RESEND_NOTE}主办方审核通过后凭二维码入场。`}
        />
      </Card>
    );
  }

  return (
    <Card className="zb-prereg">
      <EventHeader above={info.organiserName} title={info.projectName} dates={dateRange(info.projectSrq, info.projectErq)} address={info.projectAddress} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        参会登记
      </Typography.Title>
      <Form<Values>
        form={form}
        layout="vertical"
        size="large"
        onFinish={onFinish}
        scrollToFirstError
        initialValues={{ kind: FIELDS.kind.defaultValue, idType: FIELDS.idType.defaultValue, activityId: only?.id }}
        requiredMark
      >
        {only ? (
          <Form.Item label="登记活动">
            <div className="zb-prereg-activity" data-testid="prereg-activity">
              <div>
                <Typography.Text strong>{only.name}</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  {dateRange(only.srq, only.erq)}
                  {only.address ? ` · ${only.address}` : ''}
                </Typography.Text>
              </div>
            </div>
          </Form.Item>
        ) : (
          <Form.Item label="选择活动" name="activityId" rules={[{ required: true, message: '请选择要参加的活动' }]}>
            <ActivityChoice activities={info.activities} />
          </Form.Item>
        )}
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: -12 }}>
          {OPEN_RULE_TEXT}
        </Typography.Paragraph>

        <Form.Item name="kind" label={FIELDS.kind.label} rules={[formRule(FIELDS.kind)]}>
          <Select options={KIND_OPTIONS} placeholder="请选择人员类别" />
        </Form.Item>
        {text('name', { autoComplete: 'name' })}
        {/* Room for a number typed or pasted with spaces (138 0013 8000); the spaces are dropped, the rule checks 11 digits. */}
        {text('mobile', { inputMode: 'tel', normalize: removeSpaces, autoComplete: 'tel', maxLength: 20 })}
        {needCode && (
          <Form.Item name="smsCode" label="验证码" required rules={[toAntdRule(smsCodeRules)]} extra="本活动登记需验证手机号：验证码将以短信发送到上面填写的手机号码。">
            <SmsCodeInput purpose="preRegister" getMobile={async () => String((await form.validateFields(['mobile'])).mobile ?? '') || null} />
          </Form.Item>
        )}
        <Form.Item name="idType" label={FIELDS.idType.label} rules={[formRule(idTypeField)]}>
          <Select options={ID_TYPE_OPTIONS} placeholder="请选择证件类型" />
        </Form.Item>
        <Form.Item
          name="idNo"
          label={FIELDS.idNo.label}
          dependencies={['idType']}
          normalize={(v: string) => removeSpaces(v).toUpperCase()}
          // The rules depend on 证件类型 (rulesWhen): a 居民身份证 number is checked with its check digit.
          rules={[({ getFieldsValue }) => formRule(idNoField, person, getFieldsValue())]}
        >
          <Input placeholder="请输入证件号码" maxLength={FIELDS.idNo.max} autoComplete="off" allowClear />
        </Form.Item>
        {text('company', { autoComplete: 'organization' })}
        {text('jobTitle', { autoComplete: 'organization-title' })}
        {text('email', { inputMode: 'email', normalize: removeSpaces, autoComplete: 'email' })}
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            needCode
              ? '提交后，本页即显示您的个人二维码，个人页面链接同时通过短信（及邮件）发送给您，主办方审核通过后凭码入场。证件信息仅用于入场核验。'
              : '提交后，个人二维码将通过短信（及邮件）发送给您，主办方审核通过后凭码入场。证件信息仅用于入场核验。'
          }
        />
        {refusal && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refusal} />}
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            提交登记
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
