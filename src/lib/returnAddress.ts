import { RETURN_ADDRESS_KEY, RETURN_ADDRESS_TTL_MS } from '../config/constants';
import { storage } from './storage';
import { safeAppPath } from './safePath';

/** The return address (`?url=`), kept until the guard sends a signed-in user there. */
export function saveReturnAddress(candidate: string | null): void {
  const path = safeAppPath(candidate);
  if (path) storage.set(RETURN_ADDRESS_KEY, path, RETURN_ADDRESS_TTL_MS);
}

export function readReturnAddress(): string | null {
  return safeAppPath(storage.get<string>(RETURN_ADDRESS_KEY));
}
