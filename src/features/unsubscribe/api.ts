import { call, callForMessage } from '../../api/call';
import { unsubscribeConfirm, unsubscribeState, type UnsubscribeState } from '@domain/messaging/unsubscribe.contracts';

/** 退订 without an account (domain/messaging/unsubscribe.contracts.ts); an unknown code or signature is the page's own answer. */
export const fetchUnsubscribeState = (code: string, sig: string): Promise<UnsubscribeState> =>
  call(unsubscribeState, { code, sig }, { refusalShownByPage: true });
export const confirmUnsubscribe = (code: string, sig: string): Promise<string> =>
  callForMessage(unsubscribeConfirm, { code, sig }, { refusalShownByPage: true });
