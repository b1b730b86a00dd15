import { useEffect, useState } from 'react';
import { Alert, App, Button, Col, Form, Modal, Row, Spin, type FormInstance } from 'antd';
import { ApiError } from '../../api/errors';
import type { FieldError } from '@domain/core/envelope';
import { parseYuanToFen, toChineseMoneyFromFen } from '@domain/core/format';
import { ACTIVITY_FIELD, ACTIVITY_LABEL, inputFields, PROJECT_FIELD, PROJECT_LABEL, ROW_STALE_STATUS, ROW_VERSION_FIELD } from '@domain/resource/framework';
import type { FieldDef, ResourceDef } from '@domain/resource/types';
import { FieldInput } from './FieldInput';
import { formRule, hasActivityInput, hasProjectInput, initialValues, namePathOf, toSaveForm } from './fieldValues';
import { LinesEditor } from './LinesEditor';
import { pickPatch } from './RefSelect';
import { forgetScopeOptions, infoOf, saveRow, type ResourceRow } from './resourceApi';
import { ActivitySelect, activityLabel, ProjectSelect } from './ScopeSelects';
import { validFormValues } from '../validFormValues';
import { useCurrentActivity } from '../../stores/currentActivity';

/**
 * The create / edit form of a resource in a modal 50% wide: one input per field of the
 * definition, the validator library's rules and messages, the project of project rows or the activity
 * of activity rows, line items where the resource has them. Field errors of the server land on their
 * fields.
 */
export interface ResourceFormProps {
  def: ResourceDef;
  open: boolean;
  /** The row being edited; null to create one. */
  row: ResourceRow | null;
  /** Values a new record starts with besides the definition's defaults (and labels of the rows they reference). */
  presets?: Record<string, unknown>;
  onClose(): void;
  onSaved(row: ResourceRow): void;
}

/** Field errors of a refusal, shown on their inputs (the toast with the message was shown already). */
export function applyFieldErrors(form: FormInstance, error: unknown): void {
  if (!(error instanceof ApiError)) return;
  const errors = (error.data as { errors?: FieldError[] } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return;
  form.setFields(errors.map((e) => ({ name: namePathOf(e.field) as never, errors: [e.msg] })));
}

function CapitalHint({ value }: { value: unknown }) {
  const fen = typeof value === 'string' ? parseYuanToFen(value) : null;
  if (fen === null || fen <= 0) return null;
  return <span className="zb-capital">大写：{toChineseMoneyFromFen(fen)}</span>;
}

/** A hidden form value (the project an activity picked brings along). */
function HiddenValue() {
  return null;
}

/** List filters of a reference's choices from other form values (refFilter: list filter ← form field). */
export function refParamsOf(field: FieldDef, values: Record<string, unknown> | undefined): Record<string, string | number> | undefined {
  if (!field.refFilter) return undefined;
  const params: Record<string, string | number> = {};
  for (const [param, source] of Object.entries(field.refFilter)) {
    const value = values?.[source];
    if (value !== undefined && value !== null && value !== '') params[param] = value as string | number;
  }
  return params;
}

function FieldItem({ def, field, form, row, values }: { def: ResourceDef; field: FieldDef; form: FormInstance; row: ResourceRow | null; values: Record<string, unknown> }) {
  const refParams = refParamsOf(field, values);
  const onPick =
    field.refFill || field.refHint?.fill
      ? (picked: ResourceRow | null) => {
          const patch = pickPatch(field, picked);
          if (Object.keys(patch).length) form.setFieldsValue(patch);
        }
      : undefined;
  return (
    <Col xs={24} md={field.span ?? 12}>
      <Form.Item
        name={field.name}
        label={field.label}
        rules={[formRule(field, def, values)]}
        dependencies={field.rulesWhen?.map((when) => when.field)}
        required={field.required}
        extra={field.capital ? <CapitalHint value={values?.[field.name]} /> : field.help}
      >
        <FieldInput field={field} refParams={refParams} row={row} def={def} onPick={onPick} />
      </Form.Item>
    </Col>
  );
}

export function ResourceForm({ def, open, row, presets, onClose, onSaved }: ResourceFormProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const { message } = App.useApp();
  const [loaded, setLoaded] = useState<ResourceRow | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  /** The server's words when the row was changed by someone else since it was read (409); the form offers to reload. */
  const [stale, setStale] = useState<string | null>(null);
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const currentActivity = useCurrentActivity((s) => s.activity);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    setStale(null);
    if (row === null) {
      setLoaded(null);
      // A new record belongs to the current activity (the header's, src/stores/currentActivity.ts) unless the page presets one.
      const current = useCurrentActivity.getState().activity;
      const inCurrent = current && hasActivityInput(def) ? { [ACTIVITY_FIELD]: current.id, [PROJECT_FIELD]: current.cnfId } : {};
      form.setFieldsValue({ ...initialValues(def, null), ...inCurrent, ...presets });
      return;
    }
    setLoading(true);
    infoOf(def, row.id)
      .then((fresh) => {
        if (!alive) return;
        setLoaded(fresh);
        form.setFieldsValue(initialValues(def, fresh));
      })
      .catch(() => {
        if (alive) onClose();
      })
      .finally(() => {
        if (alive) setLoading(false);
      });
    return () => {
      alive = false;
    };
    // Loads once per opening; presets only apply to a new record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, row, def, form]);

  /** Reads the row again and shows it: what was typed since the form opened is given up for what is stored now. */
  const reload = async () => {
    if (row === null) return;
    setLoading(true);
    try {
      const fresh = await infoOf(def, row.id);
      setLoaded(fresh);
      form.resetFields();
      form.setFieldsValue(initialValues(def, fresh));
      setStale(null);
    } catch {
      // Shown already (src/api/errors.ts); the offer to reload stays.
    } finally {
      setLoading(false);
    }
  };

  const submit = async () => {
    const valid = await validFormValues<Record<string, unknown>>(form);
    if (!valid) return;
    setSaving(true);
    try {
      const wire = toSaveForm(def, { ...form.getFieldsValue(true), ...valid }, row?.id ?? null);
      // The version the row was read at: a row changed since is refused (409) rather than overwritten.
      if (row !== null && typeof loaded?.[ROW_VERSION_FIELD] === 'number') wire[ROW_VERSION_FIELD] = String(loaded[ROW_VERSION_FIELD]);
      const saved = await saveRow(def, wire);
      // A new or renamed project or activity is a new choice of every project / activity input.
      if (def.dimension) forgetScopeOptions();
      message.success('保存成功');
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === ROW_STALE_STATUS) setStale(error.message);
      else applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const editing = row !== null;
  // Labels of referenced rows: the edited row's, or those handed over with the presets.
  const current = editing ? loaded : ((presets as ResourceRow | undefined) ?? null);
  return (
    <Modal
      title={`${editing ? '编辑' : '新增'}${def.title}`}
      open={open}
      width="50%"
      onOk={submit}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Spin spinning={loading}>
        {stale && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={stale}
            description="重新加载将显示最新数据，本次填写的内容需要重新输入。"
            action={
              <Button size="small" type="primary" onClick={() => void reload()}>
                重新加载
              </Button>
            }
            style={{ marginBottom: 16 }}
          />
        )}
        <Form form={form} layout="vertical" name={`resource-${def.key}`} preserve={false} className="zb-resource-form">
          <Row gutter={16}>
            {hasProjectInput(def) && (
              <Col xs={24} md={12}>
                <Form.Item name={PROJECT_FIELD} label={PROJECT_LABEL} rules={[{ required: true, message: '请选择所属项目' }]}>
                  <ProjectSelect />
                </Form.Item>
              </Col>
            )}
            {hasActivityInput(def) && (
              // Full width: an activity is named with its project (活动名（项目名）), too long for half the form.
              <Col xs={24} md={24}>
                <Form.Item name={ACTIVITY_FIELD} label={ACTIVITY_LABEL} rules={[{ required: true, message: '请选择所属活动' }]}>
                  <ActivitySelect
                    label={
                      typeof current?.activityName === 'string'
                        ? activityLabel({ name: current.activityName, projectName: (current.projectName as string | null) ?? null })
                        : currentActivity && values?.[ACTIVITY_FIELD] === currentActivity.id
                          ? activityLabel(currentActivity)
                          : null
                    }
                    // The activity's project narrows the other choices (refFilter { cnfId: 'cnfId' }).
                    onPick={(picked) => form.setFieldValue(PROJECT_FIELD, picked?.cnfId)}
                  />
                </Form.Item>
                <Form.Item name={PROJECT_FIELD} hidden>
                  <HiddenValue />
                </Form.Item>
              </Col>
            )}
            {inputFields(def).map((field) => (
              <FieldItem key={field.name} def={def} field={field} form={form} row={current} values={values ?? {}} />
            ))}
          </Row>
          {def.lines && <LinesEditor def={def} lines={def.lines} form={form} row={current} values={values ?? {}} />}
        </Form>
      </Spin>
    </Modal>
  );
}
