import { message, Modal, notification } from 'antd';
import type { Feedback } from './feedbackShape';

/** antd's static toasts and dialogs, a chunk of their own: loaded the first time one is shown without the React tree's. */
export const staticFeedback: Feedback = { message, notification, modal: Modal };
