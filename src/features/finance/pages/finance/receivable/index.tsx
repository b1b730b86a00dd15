import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import { receivable } from '../../../../../shared/resources/finance';

/** 回款: payment plans and the receipts finance confirms against each contract. */
export default function ReceivablePage() {
  return <ResourcePage def={receivable} />;
}
