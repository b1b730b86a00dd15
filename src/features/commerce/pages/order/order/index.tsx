import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import { order } from '../../../../../resources/commerce';

/** 订单: orders with line items; paid through payments, completed, cancelled or refunded. */
export default function OrderPage() {
  return <ResourcePage def={order} />;
}
