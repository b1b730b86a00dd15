import { Suspense, useState, type ReactNode } from 'react';
import { Button, Modal, Skeleton } from 'antd';
import type { SharePageKind } from '@domain/share/shareLinks.contracts';
import type { ResourceRow } from '../resource/resourceApi';
import { actionAuthority } from '@domain/resource/framework';
import type { ResourceDef } from '@domain/resource/types';
import { useSession } from '../../stores/session';
import { loadable } from '../../lib/loadable';
import type { AttachmentListProps } from './AttachmentList';
import type { ShareLinksProps } from './ShareLinks';

/*
 * The dialogs' content (antd's Upload and Progress among its code) is fetched when a row action is first
 * pointed at or opened, not with the list: every resource list shows these actions, none of them opens a
 * dialog on its first screen.
 */
const ShareLinks = loadable<ShareLinksProps>(() => import('./ShareLinks').then((m) => m.ShareLinks), 'ShareLinks');
const AttachmentList = loadable<AttachmentListProps>(() => import('./AttachmentList').then((m) => m.AttachmentList), 'AttachmentList');

/** Fetches the dialogs a resource's rows offer (when the browser is idle after its list is shown). */
export function preloadRowDialogs(def: ResourceDef): Promise<unknown> {
  return Promise.all([def.extensions?.share?.length ? ShareLinks.preload() : null, def.extensions?.attachments ? AttachmentList.preload() : null]);
}

/**
 * A row action's dialog. The frame is here at once and only its content waits for its code, behind a
 * skeleton: one dialog opening once. (A stand-in dialog replaced by the real one opened twice, and a
 * click during the second opening was lost.) Nothing is rendered before the first opening, so a long
 * list does not carry a closed dialog per row; afterwards it stays, for the closing animation.
 */
function useRowDialog(title: string, width: number, content: ReactNode) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  const dialog = used && (
    <Modal title={title} open={open} onCancel={() => setOpen(false)} footer={null} width={width} destroyOnHidden>
      <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 4 }} />}>{content}</Suspense>
    </Modal>
  );
  return { show, dialog };
}

/** Starts fetching a dialog's code when its action is pointed at or focused (a failure waits for the click). */
function preloadOn(preload: () => Promise<unknown>) {
  const start = () => void preload().catch(() => undefined);
  return { onPointerEnter: start, onFocus: start };
}

/** Row actions sit in a fixed-width column beside the generic ones: tight padding keeps them on one line. */
const TIGHT = { paddingInline: 4 } as const;

/** How a row is named in the dialogs: its automatic code or number, else its display field. */
export function rowLabelOf(def: ResourceDef, row: ResourceRow): string {
  const code = def.autoCode ? row[def.autoCode.field] : undefined;
  return String(code || row[def.display] || row.id);
}

function useCanEdit(def: ResourceDef): boolean {
  return useSession((s) => s.authorities.includes(actionAuthority(def, 'edit')));
}

export interface ShareActionProps {
  def: ResourceDef;
  row: ResourceRow;
  kinds: readonly SharePageKind[];
}

/** The 分享 row action (definition extension `share`): a link button and its dialog. */
export function ShareAction({ def, row, kinds }: ShareActionProps) {
  const canEdit = useCanEdit(def);
  const { show, dialog } = useRowDialog(`分享 · ${rowLabelOf(def, row)}`, 960, <ShareLinks def={def} rowId={row.id} kinds={kinds} canEdit={canEdit} />);
  return (
    <>
      <Button type="link" size="small" style={TIGHT} onClick={show} {...preloadOn(ShareLinks.preload)}>
        分享
      </Button>
      {dialog}
    </>
  );
}

/** The 附件 row action (definition extension `attachments`): the files attached to a row. */
export function AttachmentsAction({ def, row }: { def: ResourceDef; row: ResourceRow }) {
  const canEdit = useCanEdit(def);
  const { show, dialog } = useRowDialog(`附件 · ${rowLabelOf(def, row)}`, 760, <AttachmentList def={def} rowId={row.id} canEdit={canEdit} />);
  return (
    <>
      <Button type="link" size="small" style={TIGHT} onClick={show} {...preloadOn(AttachmentList.preload)}>
        附件
      </Button>
      {dialog}
    </>
  );
}
