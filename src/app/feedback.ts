import { App, message, Modal, notification } from 'antd';

/**
 * The antd toasts for code outside React (the axios interceptors, the session store). The root `<App>`
 * binds its context-aware instances here (so toasts follow the theme and locale); until then, and in
 * code that runs without the React tree, antd's static functions stand in.
 */
type AppFeedback = ReturnType<typeof App.useApp>;
export interface Feedback {
  message: AppFeedback['message'];
  notification: AppFeedback['notification'];
  /** The static Modal's shape, which the context-aware hook API also satisfies. */
  modal: Pick<typeof Modal, 'confirm' | 'info' | 'success' | 'error' | 'warning'>;
}

const staticFeedback: Feedback = { message, notification, modal: Modal };
let current: Feedback = staticFeedback;

export function bindFeedback(next: Feedback): () => void {
  current = next;
  return () => {
    if (current === next) current = staticFeedback;
  };
}

export function feedback(): Feedback {
  return current;
}
