import { Typography } from 'antd';
import { formatMoney, parseYuanToFen, toChineseMoneyFromFen } from '@domain/core/format';

/**
 * Money as the wire sends it (yuan text) shown with thousands separators, and — for contract and invoice
 * totals — with its amount in Chinese capitals underneath.
 */
export function MoneyText({ yuan, capital }: { yuan: unknown; capital?: boolean }) {
  const fen = typeof yuan === 'string' || typeof yuan === 'number' ? parseYuanToFen(yuan) : null;
  if (fen === null) return <>-</>;
  return (
    <span className="zb-money">
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(fen)}</span>
      {capital && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {toChineseMoneyFromFen(fen)}
        </Typography.Text>
      )}
    </span>
  );
}
