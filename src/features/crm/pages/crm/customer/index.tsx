import { ResourcePage } from '../../../../../components/resource/ResourcePage';
import type { ResourceRow } from '../../../../../components/resource/resourceApi';
import { customer } from '../../../../../shared/resources/crm';
import { CustomerShareAction } from '../../../../../components/share';

/** 分享 as 预登记信息; module-level because the table's columns memo depends on its identity. */
const shareAction = (row: ResourceRow) => <CustomerShareAction row={row} />;

/** 客户: the organiser's customers (exhibitors, sponsors, buyers…), built from the resource definition. */
export default function CustomerPage() {
  return <ResourcePage def={customer} extraRowActions={shareAction} />;
}
