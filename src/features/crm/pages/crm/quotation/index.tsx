import { useCallback, type ReactNode } from 'react';
import { Button, Tooltip, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import type { ResourceRow } from '../../../../../components/resource/resourceApi';
import { actionAuthority, backRefNames, menuAuthority } from '../../../../../shared/resources/framework';
import { contract } from '../../../../../shared/resources/contract';
import { quotation } from '../../../../../shared/resources/crm';
import { useSession } from '../../../../../stores/session';
import { QuotationShareAction } from '../../../../../components/share';

/** Quotations that were sent or accepted can be turned into a contract. */
const CONVERTIBLE = [1, 2];

const CONTRACT = backRefNames(quotation.backRefs!.find((b) => b.resource === contract.key)!);

/** The contract list filtered to one contract (its code is unique within the organiser). */
export const contractListUrl = (code: string) => `${contract.api}/index?code=${encodeURIComponent(code)}`;

/**
 * What a quotation row offers about its contract: a link to the contract made from it, or — while there is
 * none and the quotation was sent or accepted — 转为合同 (the server refuses a second contract anyway).
 * Null when there is nothing to offer, so the row keeps its other actions in view.
 */
export function contractAction(row: ResourceRow, can: { add: boolean; read: boolean }, navigate: (to: string) => void): ReactNode {
  const code = row[CONTRACT.show];
  if (row[CONTRACT.id] !== null && row[CONTRACT.id] !== undefined) {
    const shown = typeof code === 'string' ? code : '';
    return can.read && shown ? (
      <Tooltip title="已由此报价单生成合同，点击查看">
        <Link className="zb-linked-contract" to={contractListUrl(shown)} style={{ padding: '0 7px', whiteSpace: 'nowrap' }}>
          查看合同
        </Link>
      </Tooltip>
    ) : (
      <Typography.Text type="secondary" className="zb-linked-contract" style={{ padding: '0 7px', whiteSpace: 'nowrap' }}>
        已生成合同
      </Typography.Text>
    );
  }
  if (!can.add || !CONVERTIBLE.includes(Number(row.status))) return null;
  return (
    <Button type="link" size="small" onClick={() => navigate(`${contract.api}/index?quotationId=${row.id}`)}>
      转为合同
    </Button>
  );
}

/** 报价单: quotations with line items; a sent or accepted one turns into a contract (转为合同), once. */
export default function QuotationPage() {
  const navigate = useNavigate();
  const add = useSession((s) => s.authorities.includes(actionAuthority(contract, 'add')));
  const read = useSession((s) => s.authorities.includes(menuAuthority(contract)));
  const rowAction = useCallback(
    (row: ResourceRow) => (
      <>
        {contractAction(row, { add, read }, navigate)}
        <QuotationShareAction row={row} />
      </>
    ),
    [add, read, navigate],
  );
  return <ResourcePage def={quotation} extraRowActions={rowAction} />;
}
