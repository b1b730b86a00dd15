import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Select, Space, Tag, Typography, theme } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { optionLabel } from '@domain/resource/framework';
import { SEAT_KINDS, SEAT_STATES } from '@domain/meeting/resources';
import type { SeatCell } from '@domain/meeting/seatMap.contracts';
import { assignSeat, searchPersons, type PersonChoice } from './seatApi';
import { SEAT_RESERVED, seatNameOf } from './seatLayout';

/**
 * The panel a seat opens: what the seat is and who sits there, a search over the activity's approved
 * attendees to put one on it, and 释放座位. Persons who already have a seat in this hall are shown but
 * cannot be picked (the server refuses it too, with the same words). It is a column beside the map
 * (seats.css), never over it: the map narrows and scrolls, so no seat is hidden while the panel is open.
 */
export interface SeatPanelProps {
  hall: string;
  activityId: number;
  cell: SeatCell | null;
  canAssign: boolean;
  /** Person id → the seat they already have in this hall. */
  seated: ReadonlyMap<number, string>;
  onClose: () => void;
  onChanged: (cell: SeatCell, msg: string) => void;
}

function PersonPicker({ activityId, seated, value, onChange }: { activityId: number; seated: ReadonlyMap<number, string>; value: number | null; onChange: (id: number | null) => void }) {
  const [keyword, setKeyword] = useState('');
  const [choices, setChoices] = useState<PersonChoice[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let alive = true;
    clearTimeout(timer.current);
    // Typing waits a moment before asking, so a name is one request rather than one per character.
    timer.current = setTimeout(
      () => {
        setLoading(true);
        searchPersons(activityId, keyword)
          .then((list) => alive && setChoices(list))
          .catch(() => {
            // Shown by the error mapper.
          })
          .finally(() => alive && setLoading(false));
      },
      keyword ? 250 : 0,
    );
    return () => {
      alive = false;
      clearTimeout(timer.current);
    };
  }, [activityId, keyword]);

  const options = useMemo(
    () =>
      choices.map((p) => {
        const where = seated.get(p.id);
        const detail = [p.company, p.mobile].filter(Boolean).join('，');
        const text = `${p.name}${detail ? `（${detail}）` : ''}${where ? ` — 已在${where}` : ''}`;
        return { value: p.id, label: text, disabled: where !== undefined };
      }),
    [choices, seated],
  );

  return (
    <Select
      className="zb-seat-person"
      aria-label="选择参会人员"
      style={{ width: '100%' }}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange(v ?? null)}
      placeholder="输入姓名搜索已通过审核的参会人员"
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={loading}
      options={options}
      notFoundContent={loading ? '搜索中…' : '没有匹配的已通过审核的参会人员'}
    />
  );
}

export function SeatPanel({ hall, activityId, cell, canAssign, seated, onClose, onChanged }: SeatPanelProps) {
  const { token } = theme.useToken();
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState<'assign' | 'free' | null>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  // Another seat opened: start without a choice.
  if ((cell?.id ?? null) !== shownId) {
    setShownId(cell?.id ?? null);
    setPicked(null);
  }

  const run = async (kind: 'assign' | 'free') => {
    if (!cell) return;
    setBusy(kind);
    try {
      const { cell: saved, msg } = await assignSeat(cell.id, kind === 'assign' ? picked : null);
      setPicked(null);
      onChanged(saved, msg);
    } catch {
      // The refusal (e.g. 该人员在这个会场已有座位) was shown by the error mapper.
    } finally {
      setBusy(null);
    }
  };

  const reserved = cell?.state === SEAT_RESERVED;
  const stateOption = SEAT_STATES.find((s) => s.value === cell?.state);
  if (!cell) return null;
  const title = `${hall} ${seatNameOf(cell)}`;
  return (
    <aside className="zb-seat-panel" role="dialog" aria-label={title}>
      <div className="zb-seat-panel-head">
        <Typography.Text strong>{title}</Typography.Text>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label="关闭" onClick={onClose} />
      </div>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <dl className="zb-seat-facts" style={{ ['--zb-seat-muted' as string]: token.colorTextSecondary }}>
            <dt>座位</dt>
            <dd>{seatNameOf(cell)}</dd>
            <dt>座位类型</dt>
            <dd>{optionLabel(SEAT_KINDS, cell.kind)}</dd>
            <dt>座位状态</dt>
            <dd>
              <Tag color={stateOption?.color}>{stateOption?.label}</Tag>
            </dd>
            <dt>就座人员</dt>
            <dd>{cell.personName ?? <Typography.Text type="secondary">无</Typography.Text>}</dd>
          </dl>
          {!canAssign ? (
            <Typography.Text type="secondary">您没有分配座位的权限。</Typography.Text>
          ) : (
            <>
              {reserved && cell.personId === null ? (
                <Alert type="info" showIcon title="保留座位不能分配，如需使用请先在列表中把座位状态改为空闲。" />
              ) : (
                <div>
                  <Typography.Text strong>{cell.personId === null ? '分配给' : '改为分配给'}</Typography.Text>
                  <div style={{ marginTop: 8 }}>
                    <PersonPicker activityId={activityId} seated={seated} value={picked} onChange={setPicked} />
                  </div>
                </div>
              )}
              <Space>
                {!(reserved && cell.personId === null) && (
                  <Button type="primary" disabled={picked === null} loading={busy === 'assign'} onClick={() => void run('assign')}>
                    分配座位
                  </Button>
                )}
                {cell.personId !== null && (
                  <Button danger loading={busy === 'free'} onClick={() => void run('free')}>
                    释放座位
                  </Button>
                )}
              </Space>
            </>
          )}
        </Space>
    </aside>
  );
}
