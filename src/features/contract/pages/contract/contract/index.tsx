import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import { infoOf, type ResourceRow } from '../../../../../components/resource/resourceApi';
import { contract } from '../../../../../shared/resources/contract';
import { quotation } from '../../../../../shared/resources/crm';
import { ContractShareAction } from '../../../../../components/share';

/** 分享 as 合同信息 / 展位确认书 (module-level: the table's columns memo depends on its identity). */
const shareAction = (row: ResourceRow) => <ContractShareAction row={row} />;

/**
 * 合同: contracts with their approval and their own state. `?quotationId=` (from 报价单 → 转为合同)
 * opens the create form filled from that quotation: project, customer, quotation, amount, name.
 */
export default function ContractPage() {
  const [params, setParams] = useSearchParams();
  const quotationId = Number(params.get('quotationId'));
  const [request, setRequest] = useState<{ presets: Record<string, unknown> } | null>(null);

  useEffect(() => {
    if (!Number.isSafeInteger(quotationId) || quotationId <= 0) return;
    let alive = true;
    infoOf(quotation, quotationId)
      .then((q) => {
        if (!alive) return;
        setRequest({
          presets: {
            cnfId: q.cnfId,
            customerId: q.customerId,
            customerName: q.customerName,
            quotationId: q.id,
            quotationName: q.title,
            amount: q.totalAmount,
            name: String(q.title).replace('报价', '合同'),
          },
        });
        // The hand-over is done; a reload of the page should not open the form again.
        setParams({}, { replace: true });
      })
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, [quotationId, setParams]);

  return <ResourcePage def={contract} createRequest={request} extraRowActions={shareAction} />;
}
