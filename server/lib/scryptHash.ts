import { scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Hashes of the releases before Argon2id: `scrypt$N$r$p$salt$key` (node:crypto's scrypt, salt and key in
 * base64). Nothing makes them any more; they still verify, on node:crypto's async scrypt (libuv's thread
 * pool, off the main thread), until their owner's next sign-in replaces them (server/lib/password.ts).
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export interface ScryptHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

/** Stored parameters beyond these are refused rather than allowed to allocate gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

/** The stored hash's parts, or undefined when it is not an scrypt hash within the limits above. */
export function parseScryptHash(stored: string): ScryptHash | undefined {
  const [algo, n, r, p, saltText, keyText] = stored.split('$');
  if (algo !== 'scrypt' || !saltText || !keyText) return undefined;
  const parsed: ScryptCost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!isPowerOfTwo(parsed.N) || parsed.N > MAX_N) return undefined;
  if (!Number.isInteger(parsed.r) || parsed.r < 1 || parsed.r > MAX_R) return undefined;
  if (!Number.isInteger(parsed.p) || parsed.p < 1 || parsed.p > MAX_P) return undefined;
  return { cost: parsed, salt: Buffer.from(saltText, 'base64'), key: Buffer.from(keyText, 'base64') };
}

/** Every scrypt hash was made with a 32-byte key; a stored key of another length never matches. */
const KEY_LENGTH = 32;

/** `password` is already NFC-normalised, as it was when the hash was made. */
function scryptKey(password: string, salt: Buffer, options: ScryptCost): Promise<Buffer> {
  // scrypt needs about 128·N·r bytes; node:crypto refuses anything over maxmem (32 MiB by default).
  const maxmem = 256 * options.N * options.r;
  const scryptOptions: ScryptOptions = { ...options, maxmem };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, scryptOptions, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function verifyScryptHash(password: string, hash: ScryptHash): Promise<boolean> {
  const actual = await scryptKey(password, hash.salt, hash.cost);
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key);
}
