import { crc32, deflateSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';

/**
 * A QR code as a PNG for an email (clients show PNG, few show SVG). The browser draws its QR codes with
 * qrcode.react; the same encoder draws this one, through its SVG: every dark run of a row is one
 * `M x y h n v1 H x z` of its path, which is all a raster needs. The PNG is written by hand (8-bit grey,
 * deflated), so no image library is needed.
 */

const RUN = /M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g;

/** The dark modules of `value`'s QR code (error correction M), row by row. */
export function qrModules(value: string): boolean[][] {
  const svg = renderToStaticMarkup(createElement(QRCodeSVG, { value, level: 'M', marginSize: 0 }));
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  if (!size) throw new Error('qrcode.react drew no QR code');
  const grid = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  // The second path is the dark one; the first paints the background.
  const dark = svg.split('<path').slice(2).join('');
  for (const [, x, y, n] of dark.matchAll(RUN)) {
    for (let i = 0; i < Number(n); i++) grid[Number(y)][Number(x) + i] = true;
  }
  return grid;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** `value`'s QR code as a PNG: `scale` pixels a module, the 4-module quiet zone scanners need. */
export function qrPng(value: string, scale = 8): Buffer {
  const modules = qrModules(value);
  const quiet = 4;
  const side = (modules.length + 2 * quiet) * scale;
  // One filter byte (0, none) then one grey byte a pixel, per scanline.
  const raw = Buffer.alloc(side * (side + 1), 0xff);
  for (let py = 0; py < side; py++) {
    raw[py * (side + 1)] = 0;
    const my = Math.floor(py / scale) - quiet;
    const row = modules[my];
    if (!row) continue;
    for (let px = 0; px < side; px++) {
      const mx = Math.floor(px / scale) - quiet;
      if (row[mx]) raw[py * (side + 1) + 1 + px] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
