import { useEffect, useState } from 'react';
import { Input, Typography } from 'antd';
import type { SeatCell } from '@domain/meeting/seatMap.contracts';
import { findPersons } from './seatApi';
import { isMobileKeyword, seatNameOf, seatOfPersons, seatsOfName, type SeatRowData } from './seatLayout';

/**
 * 查找人员 on the seat map: a name or a mobile number finds the person's seat in the hall on screen
 * (the map scrolls to it and opens it), or says 「未安排座位」 for a person of the activity without a
 * seat here, or 「未找到」. Names seated in the hall are found on the map itself; a mobile number, or a
 * name not on the map, asks the activity's person list.
 */
export interface SeatSearchProps {
  activityId: number;
  hall: string;
  rows: readonly SeatRowData[];
  onFound: (cell: SeatCell | null) => void;
}

type Outcome = { tone: 'success' | 'warning' | 'danger'; text: string } | null;

/** antd's green-8, orange-8 and red-7: its success and warning text colours are below 4.5:1 on white. */
const TONE_COLORS = { success: '#237804', warning: '#ad4e00', danger: '#cf1322' } as const;

export function SeatSearch({ activityId, hall, rows, onFound }: SeatSearchProps) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  // Another hall or activity: the last answer was about the map no longer shown.
  useEffect(() => setOutcome(null), [activityId, hall]);

  const search = async (text: string) => {
    const keyword = text.trim();
    if (!keyword) {
      setOutcome(null);
      onFound(null);
      return;
    }
    const found = (cell: SeatCell) => {
      onFound(cell);
      setOutcome({ tone: 'success', text: `${cell.personName ?? keyword}：${seatNameOf(cell)}` });
    };
    const byMobile = isMobileKeyword(keyword);
    const onMap = byMobile ? [] : seatsOfName(rows, keyword);
    if (onMap.length) return found(onMap[0]);
    setBusy(true);
    try {
      const persons = await findPersons(activityId, keyword, byMobile);
      const cell = seatOfPersons(rows, persons.map((p) => p.id));
      if (cell) return found(cell);
      onFound(null);
      setOutcome(
        persons.length
          ? { tone: 'warning', text: `${persons.slice(0, 3).map((p) => p.name).join('、')}${persons.length > 3 ? ' 等' : ''} 在${hall}未安排座位` }
          : { tone: 'danger', text: `未找到「${keyword}」：本活动没有该姓名或手机号的参会人员` },
      );
    } catch {
      // Shown by the error mapper.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="zb-seat-search">
      <Input.Search
        aria-label="查找人员"
        placeholder="姓名或手机号"
        allowClear
        enterButton="查找"
        loading={busy}
        maxLength={50}
        style={{ width: 280 }}
        onSearch={(value) => void search(value)}
      />
      <Typography.Text role="status" data-testid="seat-search-result" data-tone={outcome?.tone} style={outcome ? { color: TONE_COLORS[outcome.tone] } : undefined}>
        {outcome?.text}
      </Typography.Text>
    </div>
  );
}
