/** The share extension's public face: the row actions ResourcePage offers for `extensions.share` / `extensions.attachments`. */
export { AttachmentsAction, preloadRowDialogs, ShareAction } from './ShareActions';
