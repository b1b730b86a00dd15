import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { SHARE_LINK_PARAM, type SharePageKind } from '@domain/share/shareLinks.contracts';
import type { SharedDocument } from '@domain/share/sharedDocuments.contracts';
import { fetchSharedDocument } from './api';

/** The one message for a wrong, expired or revoked link (the server does not say which, nor do we). */
export const INVALID_LINK_TEXT = '链接无效或已失效';

export type SharedState<T> =
  | { status: 'loading' }
  | { status: 'invalid'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'ready'; link: string; doc: T };

/** Reads `?link=` and loads the document it opens as `kind`. */
export function useSharedDocument<T extends SharedDocument>(kind: SharePageKind): SharedState<T> {
  const [params] = useSearchParams();
  const link = params.get(SHARE_LINK_PARAM) ?? '';
  const [state, setState] = useState<SharedState<T>>({ status: 'loading' });

  useEffect(() => {
    if (!link) {
      setState({ status: 'invalid', message: INVALID_LINK_TEXT });
      return;
    }
    let alive = true;
    setState({ status: 'loading' });
    fetchSharedDocument<T>(kind, link)
      .then((answer) => alive && setState({ status: 'ready', link, doc: answer.document }))
      .catch((error: unknown) => {
        if (!alive) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'invalid', message: INVALID_LINK_TEXT });
        else setState({ status: 'failed', message: error instanceof Error ? error.message : '加载失败，请稍后重试' });
      });
    return () => {
      alive = false;
    };
  }, [kind, link]);

  return state;
}
