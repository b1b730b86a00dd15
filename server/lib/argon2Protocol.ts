/**
 * The messages between the main thread (server/lib/argon2Proxy.ts) and the thread that runs Argon2id
 * (server/lib/argon2Worker.ts). Everything here survives postMessage's structured clone.
 */

/** Argon2's cost parameters as the PHC string names them: m (KiB of memory), t (passes), p (lanes). */
export interface Argon2Cost {
  m: number;
  t: number;
  p: number;
}

export interface Argon2Request {
  id: number;
  /** Already NFC-normalised by the caller. */
  password: string;
  salt: Uint8Array;
  cost: Argon2Cost;
  /** Bytes of output. */
  hashLength: number;
  /** `encoded`: the PHC string, for storing; `binary`: the raw output, for comparing with a stored one. */
  output: 'encoded' | 'binary';
}

export type Argon2Reply = { id: number; ok: true; value: string | Uint8Array } | { id: number; ok: false; message: string };
