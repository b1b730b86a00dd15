import { call, callForMessage } from '../../api/call';
import { unsubscribeConfirm, unsubscribeState, type UnsubscribeState } from '@domain/messaging/unsubscribe.contracts';

/** 退订 without an account (domain/messaging/unsubscribe.contracts.ts); an unknown code is the page's own answer. */
export const fetchUnsubscribeState = (code: string): Promise<UnsubscribeState> => call(unsubscribeState, { code }, { refusalShownByPage: true });
export const confirmUnsubscribe = (code: string): Promise<string> => callForMessage(unsubscribeConfirm, { code }, { refusalShownByPage: true });
