import { useState } from 'react';
import { Button } from 'antd';
import type { SharePageKind } from '../../shared/wire';
import type { ResourceRow } from '../resource/resourceApi';
import { order } from '../../shared/resources/commerce';
import { contract } from '../../shared/resources/contract';
import { customer, quotation } from '../../shared/resources/crm';
import { actionAuthority } from '../../shared/resources/framework';
import type { ResourceDef } from '../../shared/resources/types';
import { useSession } from '../../stores/session';
import { AttachmentsModal } from './AttachmentsModal';
import { ShareModal } from './ShareModal';

/** Row actions sit in a fixed-width column beside the generic ones: tight padding keeps them on one line. */
const TIGHT = { paddingInline: 4 } as const;

/** How a row is named in the dialogs: its code or number, else its display field. */
function labelOf(def: ResourceDef, row: ResourceRow): string {
  const code = row.code ?? row.orderNo;
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

/** The 分享 row action: a link button and its dialog (the page's MENU_ is implied by being on the page). */
export function ShareAction({ def, row, kinds }: ShareActionProps) {
  const [open, setOpen] = useState(false);
  const canEdit = useCanEdit(def);
  return (
    <>
      <Button type="link" size="small" style={TIGHT} onClick={() => setOpen(true)}>
        分享
      </Button>
      {open && <ShareModal def={def} rowId={row.id} rowLabel={labelOf(def, row)} kinds={kinds} canEdit={canEdit} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

const QUOTATION_KINDS: readonly SharePageKind[] = ['bjdxxSzJd', 'bjdxxSzZg', 'bjdxxZh'];
const CONTRACT_KINDS: readonly SharePageKind[] = ['htxx', 'zwsx'];
const ORDER_KINDS: readonly SharePageKind[] = ['tcdxx', 'tcdFj'];
const CUSTOMER_KINDS: readonly SharePageKind[] = ['preInfo'];

/** 报价单 → 简洁 / 正规 / 汇总 layouts (one link opens all three). */
export function QuotationShareAction({ row }: { row: ResourceRow }) {
  return <ShareAction def={quotation} row={row} kinds={QUOTATION_KINDS} />;
}

/** 合同 → 合同信息 / 展位确认书. */
export function ContractShareAction({ row }: { row: ResourceRow }) {
  return <ShareAction def={contract} row={row} kinds={CONTRACT_KINDS} />;
}

/** 客户 → 预登记信息. */
export function CustomerShareAction({ row }: { row: ResourceRow }) {
  return <ShareAction def={customer} row={row} kinds={CUSTOMER_KINDS} />;
}

/** 订单 → 套餐单信息 / 套餐单附件. */
export function OrderShareAction({ row }: { row: ResourceRow }) {
  return <ShareAction def={order} row={row} kinds={ORDER_KINDS} />;
}

/** The 附件 row action of an order. */
export function OrderAttachmentsAction({ row }: { row: ResourceRow }) {
  const [open, setOpen] = useState(false);
  const canEdit = useCanEdit(order);
  return (
    <>
      <Button type="link" size="small" style={TIGHT} onClick={() => setOpen(true)}>
        附件
      </Button>
      {open && <AttachmentsModal rowId={row.id} rowLabel={labelOf(order, row)} canEdit={canEdit} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
