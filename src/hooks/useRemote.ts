import { useEffect, useState } from 'react';
import { ApiError } from '../api/errors';

export type Remote<T> =
  | { status: 'loading' }
  /** The server's own refusal (closed activity, unknown code): shown as the page's answer. */
  | { status: 'refused'; message: string }
  /** No answer or a transport error (already toasted): the page offers to try again. */
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: T };

/** Loads `load()` whenever `key` changes; a late answer for an older key is dropped. */
export function useRemote<T>(key: string, load: () => Promise<T>): { state: Remote<T>; retry: () => void } {
  const [state, setState] = useState<Remote<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    setState({ status: 'loading' });
    load()
      .then((data) => alive && setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (!alive) return;
        const refused = error instanceof ApiError && (error.reason === 'code' || (error.status !== undefined && error.status < 500 && error.status !== 429));
        const message = error instanceof Error ? error.message : '加载失败，请稍后重试';
        setState(refused ? { status: 'refused', message } : { status: 'failed', message });
      });
    return () => {
      alive = false;
    };
    // The loader is a new closure every render; the key says when what it loads really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
