import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { optionLabel } from '@domain/resource/framework';
import { PERSON_KINDS } from '@domain/meeting/resources';
import { SEAT_AUTO_DEFAULT_ORDER, type SeatAutoPreview, type SeatAutoRequest } from '@domain/meeting/seatMap.contracts';
import { previewAutoSeats, searchPersons, type PersonChoice } from './seatApi';

/**
 * 自动排座's choices: whom (all unseated approved attendees, some categories, a company, or chosen
 * persons) and the order categories take the rows from the stage back. 预览 asks the server for the
 * proposal; the map then shows it and nothing is saved until 保存 there (SeatMapView).
 */
export interface AutoSeatsProps {
  open: boolean;
  activityId: number;
  hallId: number;
  hall: string;
  onClose: () => void;
  onPreview: (request: SeatAutoRequest, preview: SeatAutoPreview) => void;
}

type Scope = SeatAutoRequest['scope'];

function PersonsPicker({ activityId, value, onChange }: { activityId: number; value: number[]; onChange: (ids: number[]) => void }) {
  const [keyword, setKeyword] = useState('');
  const [choices, setChoices] = useState<PersonChoice[]>([]);
  // Names of those picked, kept when a new search no longer lists them.
  const known = useRef(new Map<number, string>());
  useEffect(() => {
    let alive = true;
    const timer = setTimeout(
      () => {
        searchPersons(activityId, keyword)
          .then((list) => {
            if (!alive) return;
            for (const p of list) known.current.set(p.id, p.name);
            setChoices(list);
          })
          .catch(() => {
            // Shown by the error mapper.
          });
      },
      keyword ? 250 : 0,
    );
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [activityId, keyword]);
  const options = useMemo(() => {
    const listed = choices.map((p) => ({ value: p.id, label: p.company ? `${p.name}（${p.company}）` : p.name }));
    const missing = value.filter((id) => !choices.some((p) => p.id === id)).map((id) => ({ value: id, label: known.current.get(id) ?? String(id) }));
    return [...listed, ...missing];
  }, [choices, value]);
  return (
    <Select
      mode="multiple"
      aria-label="参会人员"
      style={{ width: '100%' }}
      value={value}
      onChange={onChange}
      placeholder="输入姓名搜索已通过审核的参会人员"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={options}
    />
  );
}

export function AutoSeats({ open, activityId, hallId, hall, onClose, onPreview }: AutoSeatsProps) {
  const [scope, setScope] = useState<Scope>('all');
  const [kinds, setKinds] = useState<number[]>([]);
  const [company, setCompany] = useState('');
  const [persons, setPersons] = useState<number[]>([]);
  const [order, setOrder] = useState<number[]>([...SEAT_AUTO_DEFAULT_ORDER]);
  const [busy, setBusy] = useState(false);

  const missing = (scope === 'kinds' && kinds.length === 0) || (scope === 'company' && !company.trim()) || (scope === 'persons' && persons.length === 0);
  const move = (i: number, by: -1 | 1) =>
    setOrder((o) => {
      const next = [...o];
      [next[i], next[i + by]] = [next[i + by], next[i]];
      return next;
    });

  const submit = async () => {
    const request: SeatAutoRequest = {
      activityId,
      hallId,
      scope,
      ...(scope === 'kinds' ? { kinds: kinds.join(',') } : {}),
      ...(scope === 'company' ? { company: company.trim() } : {}),
      ...(scope === 'persons' ? { personIds: persons.join(',') } : {}),
      order: order.join(','),
    };
    setBusy(true);
    try {
      onPreview(request, await previewAutoSeats(request));
    } catch {
      // The refusal was shown by the error mapper.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`自动排座：${hall}`}
      open={open}
      onCancel={onClose}
      okText="预览"
      onOk={() => void submit()}
      okButtonProps={{ disabled: missing, loading: busy }}
      destroyOnHidden={false}
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <div>
          <Typography.Text strong>排座人员</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
            只安排已通过审核、在本会场还没有座位的参会人员；已占用和保留的座位会跳过。
          </Typography.Paragraph>
          <Radio.Group
            aria-label="排座人员"
            value={scope}
            onChange={(e) => setScope(e.target.value as Scope)}
            options={[
              { value: 'all', label: '全部未就座' },
              { value: 'kinds', label: '按人员类别' },
              { value: 'company', label: '按单位' },
              { value: 'persons', label: '指定人员' },
            ]}
          />
          <div style={{ marginTop: 8 }}>
            {scope === 'kinds' && (
              <Select
                mode="multiple"
                aria-label="人员类别"
                style={{ width: '100%' }}
                placeholder="选择人员类别"
                value={kinds}
                onChange={setKinds}
                options={PERSON_KINDS.map((k) => ({ value: k.value, label: k.label }))}
              />
            )}
            {scope === 'company' && <Input aria-label="单位" placeholder="单位名称（包含即可）" value={company} maxLength={100} onChange={(e) => setCompany(e.target.value)} />}
            {scope === 'persons' && <PersonsPicker activityId={activityId} value={persons} onChange={setPersons} />}
          </div>
        </div>
        <div>
          <Typography.Text strong>类别顺序（靠前的坐前排）</Typography.Text>
          <ol className="zb-seat-order" aria-label="类别顺序">
            {order.map((kind, i) => {
              const label = optionLabel(PERSON_KINDS, kind) ?? String(kind);
              return (
                <li key={kind}>
                  <span>{label}</span>
                  <Space size={4}>
                    <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={`${label}上移`} disabled={i === 0} onClick={() => move(i, -1)} />
                    <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={`${label}下移`} disabled={i === order.length - 1} onClick={() => move(i, 1)} />
                  </Space>
                </li>
              );
            })}
          </ol>
          <Typography.Text type="secondary">同一单位的人员安排在同一排相邻的座位（放得下时）。</Typography.Text>
        </div>
      </Space>
    </Modal>
  );
}
