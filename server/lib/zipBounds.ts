import { inflateRawSync } from 'node:zlib';

/**
 * An uploaded archive (an .xlsx is a zip) unpacked under hard bounds, before any library sees it. The
 * sizes a zip declares are not trusted: every entry is inflated with a ceiling on what it may produce
 * (zlib stops at `maxOutputLength` instead of growing a buffer to whatever the data says), the whole
 * with another, and the number of entries is bounded. A tiny file whose one entry inflates to 100 MB is
 * refused after inflating no more than the ceiling.
 *
 * What passes is handed on as the inflated parts themselves, so the reader downstream
 * (server/lib/xlsxSheet.ts) cannot meet anything this walk did not: no second inflation of the original,
 * no entries hidden between local headers the central directory does not list.
 */

export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Inflated bytes of any one entry that is unpacked. */
  maxEntryBytes: number;
  /** Inflated bytes of all unpacked entries together. */
  maxTotalBytes: number;
  /** Which entries are unpacked; the others are counted and dropped, never inflated. */
  wanted: (name: string) => boolean;
}

/** Why an archive was refused: 'size' — it inflates beyond a bound; 'entries' — too many; 'corrupt' — not a zip this walk can read. */
export class ZipRefusal extends Error {
  constructor(readonly reason: 'size' | 'entries' | 'corrupt') {
    super(`zip refused: ${reason}`);
    this.name = 'ZipRefusal';
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function endOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65 535.
  const last = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= last; at--) if (bytes.readUInt32LE(at) === EOCD) return at;
  throw new ZipRefusal('corrupt');
}

/** The wanted entries of a zip, inflated within the limits, in the central directory's order. */
export function unpackBounded(bytes: Buffer, limits: ZipLimits): Map<string, Buffer> {
  if (bytes.length < 22) throw new ZipRefusal('corrupt');
  const eocd = endOfCentralDirectory(bytes);
  const count = bytes.readUInt16LE(eocd + 10);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  // ZIP64 markers: an upload this small has no use for them.
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipRefusal('corrupt');
  if (count > limits.maxEntries) throw new ZipRefusal('entries');
  const entries = new Map<string, Buffer>();
  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw new ZipRefusal('corrupt');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    if (next > bytes.length) throw new ZipRefusal('corrupt');
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at = next;
    if (!limits.wanted(name)) continue;
    // Encrypted entries, duplicate names (which copy would a reader take?) and unknown methods are refused.
    if (flags & 1 || entries.has(name) || (method !== 0 && method !== 8)) throw new ZipRefusal('corrupt');
    if (localOffset + 30 > bytes.length || bytes.readUInt32LE(localOffset) !== LOCAL) throw new ZipRefusal('corrupt');
    const dataStart = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    if (dataStart + compressed > bytes.length) throw new ZipRefusal('corrupt');
    const data = bytes.subarray(dataStart, dataStart + compressed);
    const room = Math.min(limits.maxEntryBytes, limits.maxTotalBytes - total);
    let inflated: Buffer;
    if (method === 0) {
      if (data.length > room) throw new ZipRefusal('size');
      inflated = Buffer.from(data);
    } else {
      try {
        inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, room) });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipRefusal('size');
        throw new ZipRefusal('corrupt');
      }
    }
    total += inflated.length;
    entries.set(name, inflated);
  }
  return entries;
}

/**
 * The longest run of bytes between one '<' and the next in an XML document: a bound on any text node or
 * attribute (a cell's text, a shared string) found without parsing, before a parser builds it as a string.
 */
export function longestRun(xml: Buffer): number {
  let longest = 0;
  let from = 0;
  for (;;) {
    const next = xml.indexOf(0x3c, from);
    const end = next < 0 ? xml.length : next;
    if (end - from > longest) longest = end - from;
    if (next < 0) return longest;
    from = next + 1;
  }
}
