import { useLocation } from 'react-router-dom';
import { ResourcePage } from '@/components/resource/ResourcePage';
import { actionAuthority, findTransition, machineOf, stateValue, transitionAction } from '@domain/resource/framework';
import { person } from '@domain/meeting/resources';
import { personBadges, personImportPreview } from '@domain/meeting/personImport.contracts';
import { useSession } from '@/stores/session';
import { PersonToolbar } from '@/features/meeting/persons/PersonToolbar';

/** What 审核通过 on import needs: the authority of the pending → approved move. */
const statusMachine = machineOf(person, 'status')!;
const approveMove = findTransition(statusMachine, stateValue(person, 'status', 'pending'), stateValue(person, 'status', 'approved'))!;
const APPROVE = actionAuthority(person, transitionAction(statusMachine, approveMove));

/**
 * 参会人员: the generic list of the person definition (its 导出 exports the filtered list) with the
 * page's own toolbar: 下载模板, 导入 and 打印胸卡 for the selected rows.
 */
export default function PersonPage() {
  const { search } = useLocation();
  const authorities = useSession((s) => s.authorities);
  const canImport = authorities.includes(personImportPreview.authority);
  const canBadge = authorities.includes(personBadges.authority);
  return (
    <ResourcePage
      def={person}
      linkSearch={search}
      selectable={canBadge}
      extraToolbar={(selected, _rows, reload) => (
        <PersonToolbar selected={selected} canImport={canImport} canApprove={authorities.includes(APPROVE)} canBadge={canBadge} reload={reload} />
      )}
    />
  );
}
