import { randomBytes, randomFillSync, timingSafeEqual } from 'node:crypto';
import type { Argon2Cost } from './argon2Protocol';
import { argon2idEncoded, argon2idRaw } from './argon2Proxy';
import { parseScryptHash, verifyScryptHash } from './scryptHash';

export type { Argon2Cost };

/**
 * Argon2id through hash-wasm (WebAssembly: no native addon to build, `npm ci` works anywhere), computed
 * in a worker thread (server/lib/argon2Proxy.ts). New hashes are standard PHC strings,
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`, so the parameters travel with each hash: the cost can
 * be raised without invalidating stored passwords — a hash made at a lower cost still verifies, and
 * sign-in re-hashes it at the current cost (needsRehash). Hashes of earlier releases
 * (`scrypt$N$r$p$salt$key`, server/lib/scryptHash.ts) verify too and are replaced the same way.
 */

/**
 * OWASP's first recommendation for Argon2id: 19 MiB, 2 passes, 1 lane — about 50–90 ms per hash on a
 * small server, where scrypt at OWASP's minimum (N = 2^17, r = 8) took about 350 ms.
 */
export const ARGON2_COST: Readonly<Argon2Cost> = { m: 19456, t: 2, p: 1 };
const HASH_LENGTH = 32;
const SALT_LENGTH = 16;
/** Stored parameters beyond these are refused as "not a hash" rather than allowed to tie up the thread for seconds. */
const MAX_M = 256 * 1024;
const MAX_T = 10;
const MAX_P = 4;

let cost: Readonly<Argon2Cost> = ARGON2_COST;

/** The cost new hashes are made with. */
export function passwordHashCost(): Readonly<Argon2Cost> {
  return cost;
}

/**
 * Tests only: the server suites sign in hundreds of times and seed a database per file, so they hash at
 * a low cost (tests/server/helpers.ts); the production cost has its own test. Nothing in server/ calls it.
 */
export function setPasswordHashCostForTests(next: Readonly<Argon2Cost>): void {
  cost = { ...next };
}

export async function hashPassword(password: string, hashCost: Readonly<Argon2Cost> = cost): Promise<string> {
  const salt = randomFillSync(new Uint8Array(SALT_LENGTH));
  return argon2idEncoded(password.normalize('NFC'), salt, hashCost, HASH_LENGTH);
}

interface Argon2Hash {
  cost: Argon2Cost;
  salt: Buffer;
  hash: Buffer;
}

/** Only Argon2id, version 0x13, with the parameters in the order every encoder writes them. */
const ARGON2ID_PHC = /^\$argon2id\$v=19\$m=(\d{1,9}),t=(\d{1,9}),p=(\d{1,9})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Unpadded base64 as PHC strings write it, refusing anything that does not encode back to itself. */
function phcBase64(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64').replace(/=+$/, '') === text ? bytes : undefined;
}

function parseArgon2Hash(stored: string): Argon2Hash | undefined {
  const match = ARGON2ID_PHC.exec(stored);
  if (!match) return undefined;
  const [, m, t, p, saltText, hashText] = match;
  const parsed: Argon2Cost = { m: Number(m), t: Number(t), p: Number(p) };
  if (parsed.p < 1 || parsed.p > MAX_P || parsed.t < 1 || parsed.t > MAX_T) return undefined;
  // Argon2 needs at least 8 KiB per lane.
  if (parsed.m < 8 * parsed.p || parsed.m > MAX_M) return undefined;
  const salt = phcBase64(saltText);
  const hash = phcBase64(hashText);
  if (!salt || salt.length < 8 || salt.length > 64 || !hash || hash.length < 16 || hash.length > 64) return undefined;
  return { cost: parsed, salt, hash };
}

async function verifyArgon2Hash(password: string, stored: Argon2Hash): Promise<boolean> {
  const actual = await argon2idRaw(password, stored.salt, stored.cost, stored.hash.length);
  return actual.length === stored.hash.length && timingSafeEqual(actual, stored.hash);
}

/** False for a wrong password and for anything that is not a hash this server can check. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const normalised = password.normalize('NFC');
  const argon2 = parseArgon2Hash(stored);
  if (argon2) return verifyArgon2Hash(normalised, argon2);
  const scrypt = parseScryptHash(stored);
  if (scrypt) return verifyScryptHash(normalised, scrypt);
  return false;
}

/**
 * True when sign-in should replace the stored hash (while the password is at hand): every scrypt hash,
 * and an Argon2id hash made with less memory or fewer passes than new hashes get, or a shorter output.
 */
export function needsRehash(stored: string): boolean {
  const argon2 = parseArgon2Hash(stored);
  if (argon2) return argon2.cost.m < cost.m || argon2.cost.t < cost.t || argon2.hash.length < HASH_LENGTH;
  return parseScryptHash(stored) !== undefined;
}

/**
 * A real hash of a random password, at the current algorithm and cost: verifying against it when the
 * username does not exist costs the same time as a wrong password, so response times do not reveal which
 * usernames exist. Made again when the cost changes.
 */
let decoy: { cost: Readonly<Argon2Cost>; hash: Promise<string> } | undefined;
export function decoyHash(): Promise<string> {
  if (decoy?.cost !== cost) decoy = { cost, hash: hashPassword(randomBytes(16).toString('hex')) };
  return decoy.hash;
}
