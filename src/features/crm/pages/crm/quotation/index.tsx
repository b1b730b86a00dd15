import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import type { ResourceRow } from '../../../../../components/resource/resourceApi';
import { actionAuthority } from '../../../../../resources/framework';
import { contract } from '../../../../../resources/contract';
import { quotation } from '../../../../../resources/crm';
import { useSession } from '../../../../../stores/session';

/** Quotations that were sent or accepted can be turned into a contract. */
const CONVERTIBLE = [1, 2];

/** 报价单: quotations with line items; a sent or accepted one turns into a contract (转为合同). */
export default function QuotationPage() {
  const navigate = useNavigate();
  const mayContract = useSession((s) => s.authorities.includes(actionAuthority(contract, 'add')));
  const toContract = (row: ResourceRow) =>
    mayContract && CONVERTIBLE.includes(Number(row.status)) ? (
      <Button type="link" size="small" onClick={() => navigate(`${contract.api}/index?quotationId=${row.id}`)}>
        转为合同
      </Button>
    ) : null;
  return <ResourcePage def={quotation} extraRowActions={mayContract ? toContract : undefined} />;
}
