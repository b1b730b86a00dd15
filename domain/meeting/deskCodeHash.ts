import HmacSHA256 from 'crypto-js/hmac-sha256.js';
import Hex from 'crypto-js/enc-hex.js';

/**
 * 签到台's local copy keeps no personal code (the bearer credential of the attendee's page and of every
 * gate), only its keyed hash: HMAC-SHA256 under the copy's key (`codeKey`, one per activity, sent with the
 * copy), lower-case hex. The desk hashes what it scans with the same key — one HMAC per scan — and looks
 * the hash up in memory. Synchronous (crypto-js): WebCrypto is async and missing over plain http on a
 * venue's LAN. The server makes the copy's hashes with node:crypto, the same function (deskCopy.ts).
 */
export const deskCodeHash = (key: string, code: string): string => HmacSHA256(code, key).toString(Hex);
