import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import { invoice } from '../../../../../shared/resources/finance';

/** 发票: invoices against approved contracts — requested, issued, voided. */
export default function InvoicePage() {
  return <ResourcePage def={invoice} />;
}
