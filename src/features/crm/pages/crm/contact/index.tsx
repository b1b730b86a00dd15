import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import { contact } from '../../../../../shared/resources/crm';

/** 联系人: the people at each customer, built from the resource definition. */
export default function ContactPage() {
  return <ResourcePage def={contact} />;
}
