import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, ScanOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { HEADLINES, toneOf, type RecentScan, type Tone } from './deskSession';

/**
 * The answer to the last scan in type a person reads from a step away: a coloured panel (green pass,
 * orange duplicate, red refusal) with what to say, who it is, where they sit and the server's own words;
 * a pass on a day outside the activity's dates carries its warning in orange.
 */
export function VerdictPanel({ scan }: { scan: RecentScan | null }) {
  const { token } = theme.useToken();
  const palette: Record<Tone | 'idle', { bg: string; border: string; text: string; icon: ReactNode }> = {
    ok: { bg: token.colorSuccessBg, border: token.colorSuccessBorder, text: token.colorSuccessText, icon: <CheckCircleFilled /> },
    duplicate: { bg: token.colorWarningBg, border: token.colorWarningBorder, text: token.colorWarningText, icon: <ExclamationCircleFilled /> },
    refused: { bg: token.colorErrorBg, border: token.colorErrorBorder, text: token.colorErrorText, icon: <CloseCircleFilled /> },
    idle: { bg: token.colorFillQuaternary, border: token.colorBorderSecondary, text: token.colorTextSecondary, icon: <ScanOutlined /> },
  };
  const tone = scan ? toneOf(scan.verdict) : 'idle';
  const colours = palette[tone];
  const box: CSSProperties = {
    background: colours.bg,
    border: `2px solid ${colours.border}`,
    borderRadius: token.borderRadiusLG,
    padding: '24px clamp(16px, 4vw, 32px)',
    minHeight: 260,
  };
  if (!scan) {
    return (
      <div style={box} data-testid="desk-verdict" data-tone="idle">
        <div style={{ fontSize: 40, fontWeight: 600, color: colours.text }}>
          {colours.icon} 等待扫码
        </div>
        <div style={{ fontSize: 18, color: token.colorTextSecondary, marginTop: 12 }}>请将个人二维码对准扫码枪；找人请输入姓名、拼音首字母、手机尾号、单位或胸卡编号</div>
      </div>
    );
  }
  const who = scan.result?.person ?? null;
  const result = scan.result;
  return (
    <div style={box} data-testid="desk-verdict" data-tone={tone} role="status" aria-live="assertive">
      {/* As large as a phone's width allows: 「重复签到」 stays on one line at 390 px. */}
      <div style={{ fontSize: 'clamp(36px, 9vw, 56px)', lineHeight: 1.2, fontWeight: 700, color: colours.text }}>
        {colours.icon} {HEADLINES[toneOf(scan.verdict)]}
        {scan.offline && (
          <span
            data-testid="desk-verdict-offline"
            title="按本机保存的名单判定，联网后自动上传"
            style={{ fontSize: 20, fontWeight: 600, verticalAlign: 'middle', marginLeft: 16, padding: '2px 10px', borderRadius: token.borderRadius, border: `1px solid ${colours.border}`, color: colours.text, background: token.colorBgContainer }}
          >
            离线
          </span>
        )}
      </div>
      <div style={{ fontSize: 26, fontWeight: 600, color: colours.text, marginTop: 8 }} data-testid="desk-verdict-msg">
        {scan.msg}
      </div>
      {result?.warning && (
        <div
          data-testid="desk-verdict-warning"
          // Orange of antd's palette dark enough to read (≈ 6:1 on its light shade), on the green of a pass as on its own.
          style={{ fontSize: 22, fontWeight: 600, marginTop: 8, padding: '4px 12px', display: 'inline-block', borderRadius: token.borderRadius, color: token.orange8, background: token.orange1, border: `1px solid ${token.orange4}` }}
        >
          <ExclamationCircleFilled /> {result.warning}
        </div>
      )}
      {who && (
        <div style={{ marginTop: 16 }}>
          {/* The seat beside the name, as large: the staff member sends the attendee on to it. */}
          <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 32, rowGap: 4 }}>
            <div style={{ fontSize: 44, fontWeight: 700, color: token.colorText }} data-testid="desk-person-name">
              {who.name}
            </div>
            {who.seat && (
              <div style={{ fontSize: 36, fontWeight: 700, color: token.colorText }} data-testid="desk-person-seat">
                座位：{who.seat}
              </div>
            )}
          </div>
          <div style={{ fontSize: 22, color: token.colorText, marginTop: 4 }}>
            {[who.company, who.kindLabel, who.badgeNo ? `胸卡 ${who.badgeNo}` : null].filter(Boolean).join(' · ')}
          </div>
        </div>
      )}
      {result?.checkedAt && (
        <div style={{ fontSize: 18, color: token.colorTextSecondary, marginTop: 12 }}>
          {scan.verdict === 'ok' ? `通行时间 ${result.checkedAt.slice(11)}` : `首次通行 ${result.checkedAt} · ${result.checkedGateName ?? ''}`}
        </div>
      )}
    </div>
  );
}
