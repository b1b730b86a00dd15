import type { App, Modal } from 'antd';

/** What feedback.ts hands out and staticFeedback.ts provides (a file of its own, so neither imports the other). */
type AppFeedback = ReturnType<typeof App.useApp>;
export interface Feedback {
  message: AppFeedback['message'];
  notification: AppFeedback['notification'];
  /** The static Modal's shape, which the context-aware hook API also satisfies. */
  modal: Pick<typeof Modal, 'confirm' | 'info' | 'success' | 'error' | 'warning'>;
}
