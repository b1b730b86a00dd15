import { feedback } from '../lib/feedback';
import { postForMessage } from '../api/request';

/**
 * The two dialogs in one place: the generic confirm ('确认操作') and the delete helper
 * ('确认删除', with a stricter irreversible variant that then POSTs the ids to the remove path). Pages
 * ask here instead of writing their own Modal.confirm, so every confirmation reads the same.
 */
export const CONFIRM_TEXT = {
  actionTitle: '确认操作',
  actionContent: '确定要执行此操作吗？',
  deleteTitle: '确认删除',
  deleteContent: '确定要删除选中的数据吗？',
  deleteIrreversibleContent: '确定要删除选中的数据吗？此操作不可恢复！',
} as const;

export interface ConfirmOptions {
  title?: string;
  content?: string;
  /** Red OK button, for destructive actions. */
  danger?: boolean;
  /**
   * After the dialog has gone and handed the focus back to what opened it (a caller whose opener went
   * away meanwhile, e.g. a removed row's 删除, puts the focus somewhere sensible here).
   */
  afterClose?: () => void;
}

/** Resolves true when the user confirms, false when they cancel or close the dialog. */
export function confirmAction(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    feedback().modal.confirm({
      title: options.title ?? CONFIRM_TEXT.actionTitle,
      content: options.content ?? CONFIRM_TEXT.actionContent,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: options.danger ? { danger: true } : undefined,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
      afterClose: options.afterClose,
    });
  });
}

export function confirmDelete(options: { irreversible?: boolean; afterClose?: () => void } = {}): Promise<boolean> {
  return confirmAction({
    title: CONFIRM_TEXT.deleteTitle,
    content: options.irreversible ? CONFIRM_TEXT.deleteIrreversibleContent : CONFIRM_TEXT.deleteContent,
    danger: true,
    afterClose: options.afterClose,
  });
}

/**
 * The delete helper: asks, then POSTs `ids` (comma-joined) to `removeUrl`. Resolves with the server's
 * message, or null when the user cancelled; a refusal rejects (already shown by the error mapper).
 */
export async function confirmAndRemove(
  removeUrl: string,
  ids: ReadonlyArray<string | number>,
  options: { irreversible?: boolean; afterClose?: () => void } = {},
): Promise<string | null> {
  if (!(await confirmDelete(options))) return null;
  return postForMessage(removeUrl, { ids: ids.map(String) });
}
