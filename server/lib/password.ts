import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt from node:crypto (no native addon to build). The parameters travel with each hash
 * (`scrypt$N$r$p$salt$key`), so the cost can be raised without invalidating stored passwords: a hash
 * made at a lower cost still verifies, and sign-in re-hashes it at the current cost (needsRehash).
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** N = 2^17, r = 8: 128 MiB and about a third of a second per hash on a small server. */
export const SCRYPT_COST: Readonly<ScryptCost> = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
/** Stored parameters beyond these are refused rather than allowed to allocate gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

let cost: Readonly<ScryptCost> = SCRYPT_COST;

/** The cost new hashes are made with. */
export function passwordHashCost(): Readonly<ScryptCost> {
  return cost;
}

/**
 * Tests only: the server suites sign in hundreds of times and seed a database per file, so they hash at
 * a low cost (tests/server/helpers.ts); the production cost has its own test. Nothing in server/ calls it.
 */
export function setPasswordHashCostForTests(next: Readonly<ScryptCost>): void {
  cost = { ...next };
}

function derive(password: string, salt: Buffer, options: ScryptCost): Promise<Buffer> {
  // scrypt needs about 128·N·r bytes; node:crypto refuses anything over maxmem (32 MiB by default).
  const maxmem = 256 * options.N * options.r;
  const scryptOptions: ScryptOptions = { ...options, maxmem };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, scryptOptions, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string, hashCost: Readonly<ScryptCost> = cost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, hashCost);
  return ['scrypt', hashCost.N, hashCost.r, hashCost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

function parseHash(stored: string): ParsedHash | undefined {
  const [algo, n, r, p, saltText, keyText] = stored.split('$');
  if (algo !== 'scrypt' || !saltText || !keyText) return undefined;
  const parsed: ScryptCost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!isPowerOfTwo(parsed.N) || parsed.N > MAX_N) return undefined;
  if (!Number.isInteger(parsed.r) || parsed.r < 1 || parsed.r > MAX_R) return undefined;
  if (!Number.isInteger(parsed.p) || parsed.p < 1 || parsed.p > MAX_P) return undefined;
  return { cost: parsed, salt: Buffer.from(saltText, 'base64'), key: Buffer.from(keyText, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.cost);
  return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
}

/** True when the stored hash was made at a lower cost than new hashes get: sign-in then re-hashes it. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const now = cost;
  return parsed.cost.N < now.N || parsed.cost.r < now.r || parsed.cost.p < now.p || parsed.key.length < KEY_LENGTH;
}

/**
 * A real hash of a random password: verifying against it when the username does not exist costs the
 * same time as a wrong password, so response times do not reveal which usernames exist. Made again
 * when the cost changes.
 */
let decoy: { cost: Readonly<ScryptCost>; hash: Promise<string> } | undefined;
export function decoyHash(): Promise<string> {
  if (decoy?.cost !== cost) decoy = { cost, hash: hashPassword(randomBytes(16).toString('hex')) };
  return decoy.hash;
}
