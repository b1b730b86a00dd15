import { QRCodeSVG } from 'qrcode.react';

/**
 * 报名海报: one A4 page — the activity's name, dates, daily hours and venue, the registration QR code
 * and its link written out. Laid out in millimetres (activityQr.css), so the preview and the paper match.
 */
export interface PosterActivity {
  name: string;
  srq: string;
  erq: string;
  openTime?: string | null;
  closeTime?: string | null;
  address?: string | null;
}

/** "2026年12月1日" from YYYY-MM-DD (a poster reads dates as words, not as ISO). */
function dayText(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return y && m && d ? `${y}年${m}月${d}日` : day;
}

/** "2026年12月1日 – 12月3日" (the year once when both days share it), or one day. */
export function posterDates(srq: string, erq: string): string {
  if (!erq || srq.slice(0, 10) === erq.slice(0, 10)) return dayText(srq);
  const end = dayText(erq);
  return `${dayText(srq)} – ${srq.slice(0, 4) === erq.slice(0, 4) ? end.replace(/^\d+年/, '') : end}`;
}

export function ActivityPoster({ activity, url }: { activity: PosterActivity; url: string }) {
  const hours = activity.openTime && activity.closeTime ? `每日 ${activity.openTime.slice(0, 5)} – ${activity.closeTime.slice(0, 5)}` : null;
  return (
    <article className="zb-poster" aria-label={`${activity.name} 报名海报`}>
      <header className="zb-poster-head">
        <p className="zb-poster-kicker">诚邀您扫码报名</p>
        <h2 className="zb-poster-title">{activity.name}</h2>
      </header>
      <dl className="zb-poster-facts">
        <dt>时间</dt>
        <dd data-testid="poster-dates">
          {posterDates(activity.srq, activity.erq)}
          {hours && <span className="zb-poster-hours">{hours}</span>}
        </dd>
        <dt>地点</dt>
        <dd data-testid="poster-venue">{activity.address || '另行通知'}</dd>
      </dl>
      <div className="zb-poster-qr">
        <QRCodeSVG value={url} size={512} marginSize={4} level="M" title={`${activity.name} 报名二维码`} />
      </div>
      <p className="zb-poster-hint">微信或手机相机扫一扫，填写登记表</p>
      <p className="zb-poster-link" data-testid="poster-link">
        {url}
      </p>
    </article>
  );
}
