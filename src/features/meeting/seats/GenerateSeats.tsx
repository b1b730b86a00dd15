import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { App, Col, Form, Input, InputNumber, Modal, Row, Select, Typography } from 'antd';
import { ApiError } from '@/api/errors';
import { confirmAction } from '@/components/confirm';
import { menuPath, optionLabel } from '@domain/resource/framework';
import { SEAT_KINDS, hall as hallDef, seat } from '@domain/meeting/resources';
import type { SeatGenerateRequest, SeatHall } from '@domain/meeting/seatMap.contracts';
import type { FieldError } from '@domain/core/envelope';
import { generateSeats } from './seatApi';
import { KIND_NORMAL } from './seatLayout';
import { validFormValues } from '@/components/validFormValues';
import { listRows } from '@/components/resource/resourceApi';

/**
 * 批量生成: a rectangle of free seats in a hall — one of the organiser's 展馆, with or without seats in
 * this activity yet: rows × seats per row from a starting row, one area and kind for all of them. It asks
 * before writing; the server refuses, and writes nothing, when any of those seats exists already.
 */
export const ROWS_MAX = 100;
export const SEATS_PER_ROW_MAX = 100;
export const GENERATE_MAX = 5000;
const fieldMax = (name: string) => seat.fields.find((f) => f.name === name)?.max ?? 30;
const ROW_NO_MAX = seat.fields.find((f) => f.name === 'rowNo')?.maxValue ?? 500;

type Values = Omit<SeatGenerateRequest, 'activityId'>;

/** The organiser's halls offered: the list endpoint's most rows (an organiser has a handful). */
const HALLS_LIMIT = 500;

interface HallOption {
  id: number;
  name: string;
}

export interface GenerateSeatsProps {
  open: boolean;
  activityId: number;
  /** The activity's halls that have seats (with how many). */
  halls: readonly SeatHall[];
  /** The hall on screen: picking it starts the batch below its last row (`startRowOf`). */
  hallId: number | null;
  /** The first free row of a hall as far as the page knows (1 for a hall it has not loaded). */
  startRowOf: (hallId: number) => number;
  onClose: () => void;
  onDone: (hallId: number) => void;
}

export function GenerateSeats({ open, activityId, halls, hallId, startRowOf, onClose, onDone }: GenerateSeatsProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  // The organiser's 展馆, read each time the dialog opens (one may have been added meanwhile); null while loading.
  const [choices, setChoices] = useState<HallOption[] | null>(null);
  useEffect(() => {
    if (!open) return;
    let alive = true;
    setChoices(null);
    listRows(hallDef, { limit: HALLS_LIMIT })
      .then((rows) => alive && setChoices(rows.map((r) => ({ id: r.id, name: String(r[hallDef.display] ?? r.id) }))))
      // Shown by the error mapper.
      .catch(() => alive && setChoices([]));
    return () => {
      alive = false;
    };
  }, [open]);
  const seatsIn = new Map(halls.map((h) => [h.hallId, h.seats]));
  const shown = halls.find((h) => h.hallId === hallId)?.name;
  const rows = Form.useWatch('rows', form) ?? 0;
  const perRow = Form.useWatch('seatsPerRow', form) ?? 0;
  const total = rows * perRow;

  const submit = async () => {
    const values = await validFormValues<Values>(form);
    if (!values) return;
    const hallName = choices?.find((c) => c.id === values.hallId)?.name ?? halls.find((h) => h.hallId === values.hallId)?.name ?? '';
    const last = values.startRow + values.rows - 1;
    const ok = await confirmAction({
      title: '确认批量生成',
      content: `将在「${hallName}」生成 ${values.rows * values.seatsPerRow} 个${optionLabel(SEAT_KINDS, values.kind)}座位：第 ${values.startRow}–${last} 排，每排 1–${values.seatsPerRow} 号${values.area?.trim() ? `，区域 ${values.area.trim()}` : ''}。`,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const { msg } = await generateSeats({ activityId, ...values, area: values.area?.trim() || undefined });
      message.success(msg);
      onDone(values.hallId);
    } catch (error) {
      // The toast was shown by the error mapper; field errors also go on their inputs.
      const errors = error instanceof ApiError ? (error.data as { errors?: FieldError[] } | null)?.errors : undefined;
      if (Array.isArray(errors)) form.setFields(errors.map((e) => ({ name: e.field as keyof Values, errors: [e.msg] })));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="批量生成座位"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="生成"
      confirmLoading={busy}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ rows: 10, seatsPerRow: 20, kind: KIND_NORMAL, startRow: 1 }}
        onValuesChange={(changed: Partial<Values>) => {
          // Picking a hall moves the first row below the seats it already has, unless the user set it.
          if (changed.hallId !== undefined && !form.isFieldTouched('startRow')) form.setFieldsValue({ startRow: startRowOf(changed.hallId) });
        }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="hallId"
              label="会场"
              rules={[{ required: true, message: '请选择会场' }]}
              extra={
                choices !== null && choices.length === 0 ? (
                  <span data-testid="seat-generate-no-halls">
                    还没有展馆，请先到<Link to={menuPath(hallDef)}>「{hallDef.title}」</Link>添加
                  </span>
                ) : undefined
              }
            >
              <Select
                loading={choices === null}
                placeholder={shown ? `如：${shown}` : '选择展馆'}
                showSearch={{ optionFilterProp: 'title' }}
                options={(choices ?? []).map((c) => {
                  const seats = seatsIn.get(c.id);
                  const label = seats === undefined ? c.name : `${c.name}（已有 ${seats} 座）`;
                  return { value: c.id, label, title: label };
                })}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="area" label="区域" rules={[{ max: fieldMax('area'), message: `最多 ${fieldMax('area')} 个字符` }]}>
              <Input placeholder="如：A区（可不填）" allowClear />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="rows" label="排数" rules={[{ required: true, message: '请输入排数' }]}>
              <InputNumber min={1} max={ROWS_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="seatsPerRow" label="每排座位数" rules={[{ required: true, message: '请输入每排座位数' }]}>
              <InputNumber min={1} max={SEATS_PER_ROW_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="startRow"
              label="起始排"
              dependencies={['rows']}
              rules={[
                { required: true, message: '请输入起始排' },
                ({ getFieldValue }) => ({
                  validator: (_, v: number | null) =>
                    v && v + (Number(getFieldValue('rows')) || 1) - 1 > ROW_NO_MAX ? Promise.reject(new Error(`排号不能超过 ${ROW_NO_MAX}`)) : Promise.resolve(),
                }),
              ]}
            >
              <InputNumber min={1} max={ROW_NO_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="kind" label="座位类型" rules={[{ required: true, message: '请选择座位类型' }]}>
              <Select options={SEAT_KINDS.map((k) => ({ value: k.value, label: k.label }))} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text type={total > GENERATE_MAX ? 'danger' : 'secondary'}>
          共 {total} 个座位{total > GENERATE_MAX ? `，每次最多生成 ${GENERATE_MAX} 个` : ''}。已有的座位不会被改动：范围内已有座位时不会生成任何座位。
        </Typography.Text>
      </Form>
    </Modal>
  );
}
