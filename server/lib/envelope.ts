import type { Envelope } from '../../src/shared/wire';
import { CODE_OK } from '../../src/shared/wire';
import { MSG } from '../messages';

export function ok<T>(data: T, msg: string = MSG.ok): Envelope<T> {
  return { code: CODE_OK, msg, data };
}
