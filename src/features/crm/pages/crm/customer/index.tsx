import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import { customer } from '../../../../../resources/crm';

/** 客户: the organiser's customers (exhibitors, sponsors, buyers…), built from the resource definition. */
export default function CustomerPage() {
  return <ResourcePage def={customer} />;
}
