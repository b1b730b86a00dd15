import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import { voucher } from '../../../../../shared/resources/finance';

/** 凭证: accounting vouchers, audited (审核 / 驳回 / 反审核) by finance. */
export default function VoucherPage() {
  return <ResourcePage def={voucher} />;
}
