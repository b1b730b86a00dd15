import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import type { ResourceRow } from '../../../../../components/resource/resourceApi';
import { order } from '../../../../../shared/resources/commerce';
import { OrderAttachmentsAction, OrderShareAction } from '../../../../../components/share';

/** 分享 (套餐单信息 / 套餐单附件) and 附件; module-level because the table's columns memo depends on it. */
const orderActions = (row: ResourceRow) => (
  <span style={{ whiteSpace: 'nowrap' }}>
    <OrderShareAction row={row} />
    <OrderAttachmentsAction row={row} />
  </span>
);

/** 订单: orders with line items; paid through payments, completed, cancelled or refunded. */
export default function OrderPage() {
  return <ResourcePage def={order} extraRowActions={orderActions} />;
}
