import { Suspense, useState } from 'react';
import { Button, Modal } from 'antd';
import type { SharePageKind } from '../../shared/wire';
import type { ResourceRow } from '../resource/resourceApi';
import { actionAuthority } from '../../shared/resources/framework';
import type { ResourceDef } from '../../shared/resources/types';
import { useSession } from '../../stores/session';
import { loadable } from '../resource/loadable';
import type { AttachmentsModalProps } from './AttachmentsModal';
import type { ShareModalProps } from './ShareModal';

/*
 * The dialogs' code (antd's Upload and Progress among it) is fetched when a row action is first pointed at
 * or opened, not with the list: every resource list shows these actions, none of them opens a dialog on
 * its first screen.
 */
const ShareModal = loadable<ShareModalProps>(() => import('./ShareModal').then((m) => m.ShareModal), 'ShareModal');
const AttachmentsModal = loadable<AttachmentsModalProps>(() => import('./AttachmentsModal').then((m) => m.AttachmentsModal), 'AttachmentsModal');

/** Fetches the dialogs a resource's rows offer (when the browser is idle after its list is shown). */
export function preloadRowDialogs(def: ResourceDef): Promise<unknown> {
  return Promise.all([def.extensions?.share?.length ? ShareModal.preload() : null, def.extensions?.attachments ? AttachmentsModal.preload() : null]);
}

/** A dialog's place while its code arrives: the same title and width, antd's loading state. */
function DialogLoading({ title, width, onClose }: { title: string; width: number; onClose(): void }) {
  return <Modal open title={title} width={width} loading footer={null} onCancel={onClose} />;
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
  const [open, setOpen] = useState(false);
  const canEdit = useCanEdit(def);
  return (
    <>
      <Button type="link" size="small" style={TIGHT} onClick={() => setOpen(true)} {...preloadOn(ShareModal.preload)}>
        分享
      </Button>
      {open && (
        <Suspense fallback={<DialogLoading title={`分享 · ${rowLabelOf(def, row)}`} width={960} onClose={() => setOpen(false)} />}>
          <ShareModal def={def} rowId={row.id} rowLabel={rowLabelOf(def, row)} kinds={kinds} canEdit={canEdit} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The 附件 row action (definition extension `attachments`): the files attached to a row. */
export function AttachmentsAction({ def, row }: { def: ResourceDef; row: ResourceRow }) {
  const [open, setOpen] = useState(false);
  const canEdit = useCanEdit(def);
  return (
    <>
      <Button type="link" size="small" style={TIGHT} onClick={() => setOpen(true)} {...preloadOn(AttachmentsModal.preload)}>
        附件
      </Button>
      {open && (
        <Suspense fallback={<DialogLoading title={`附件 · ${rowLabelOf(def, row)}`} width={760} onClose={() => setOpen(false)} />}>
          <AttachmentsModal def={def} rowId={row.id} rowLabel={rowLabelOf(def, row)} canEdit={canEdit} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
