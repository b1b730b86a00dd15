import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import { merchant } from '../../../../../shared/resources/commerce';

/** 商户: the merchant accounts payments are collected through. */
export default function MerchantPage() {
  return <ResourcePage def={merchant} />;
}
