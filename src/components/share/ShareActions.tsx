import { useState } from 'react';
import { Button } from 'antd';
import type { SharePageKind } from '../../shared/wire';
import type { ResourceRow } from '../resource/resourceApi';
import { actionAuthority } from '../../shared/resources/framework';
import type { ResourceDef } from '../../shared/resources/types';
import { useSession } from '../../stores/session';
import { AttachmentsModal } from './AttachmentsModal';
import { ShareModal } from './ShareModal';

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
      <Button type="link" size="small" style={TIGHT} onClick={() => setOpen(true)}>
        分享
      </Button>
      {open && <ShareModal def={def} rowId={row.id} rowLabel={rowLabelOf(def, row)} kinds={kinds} canEdit={canEdit} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The 附件 row action (definition extension `attachments`): the files attached to a row. */
export function AttachmentsAction({ def, row }: { def: ResourceDef; row: ResourceRow }) {
  const [open, setOpen] = useState(false);
  const canEdit = useCanEdit(def);
  return (
    <>
      <Button type="link" size="small" style={TIGHT} onClick={() => setOpen(true)}>
        附件
      </Button>
      {open && <AttachmentsModal def={def} rowId={row.id} rowLabel={rowLabelOf(def, row)} canEdit={canEdit} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
