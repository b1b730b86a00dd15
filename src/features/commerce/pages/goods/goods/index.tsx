import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import { goods } from '../../../../../shared/resources/commerce';

/** 商品服务: what each project sells (booths, advertising, sponsorship, tickets, services). */
export default function GoodsPage() {
  return <ResourcePage def={goods} />;
}
