import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import { price } from '../../../../../shared/resources/commerce';

/** 价格: price tiers of the goods (early-bird, standard, on-site…), each valid for a period. */
export default function PricePage() {
  return <ResourcePage def={price} />;
}
