import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import { payment } from '../../../../../shared/resources/commerce';

/** 支付记录: payments of orders (registered offline or by the channels), refundable. */
export default function PaymentPage() {
  return <ResourcePage def={payment} />;
}
