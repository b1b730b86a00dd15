/**
 * A QR code drawn by qrcode.react's QRCodeSVG as a PNG of `size` × `size` pixels: its modules (the SVG's
 * last path, in a viewBox of one unit per module) filled onto a white canvas, so the file is sharp at any
 * print size and is the very code the dialog shows.
 */
export function qrPngBlob(svg: SVGSVGElement, size: number): Promise<Blob> {
  const modules = Number(svg.getAttribute('viewBox')?.split(/\s+/)[2]);
  const path = [...svg.querySelectorAll('path')].at(-1)?.getAttribute('d');
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx || !path || !(modules > 0)) return Promise.reject(new Error('二维码生成失败'));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, size);
  ctx.scale(size / modules, size / modules);
  ctx.fillStyle = '#000000';
  ctx.fill(new Path2D(path));
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('二维码生成失败'))), 'image/png'));
}

/** A file name from an activity's name: characters Windows refuses in names replaced, at most 80 long. */
export function fileNameOf(name: string): string {
  const printable = [...name].filter((ch) => ch.charCodeAt(0) >= 32).join('');
  const safe = printable.replace(/[\\/:*?"<>|]+/g, '_').trim().slice(0, 80);
  return safe || '活动';
}
