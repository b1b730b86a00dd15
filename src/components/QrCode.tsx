import { QRCodeSVG } from 'qrcode.react';

/** QR codes are 150×150. */
export const QR_CODE_SIZE = 150;

/**
 * A QR code for an address of this site: `path` is what the server hands out (e.g. a project's public
 * pre-registration page), made absolute with the origin the user is on, so a scan opens the same host.
 */
export function QrCode({ path, title }: { path: string; title?: string }) {
  const value = /^https?:\/\//i.test(path) ? path : window.location.origin + path;
  return <QRCodeSVG value={value} size={QR_CODE_SIZE} title={title ?? value} marginSize={1} data-qr-value={value} />;
}
