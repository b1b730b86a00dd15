import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import { coupon } from '../../../../../shared/resources/commerce';

/** 优惠券: coupons of a project shop, published and stopped. */
export default function CouponPage() {
  return <ResourcePage def={coupon} />;
}
