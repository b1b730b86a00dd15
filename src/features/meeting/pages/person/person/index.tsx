import { useLocation } from 'react-router-dom';
import { ResourcePage } from '@/components/resource/ResourcePage';
import { actionAuthority, findTransition, machineOf, stateValue, transitionAction } from '@domain/resource/framework';
import { person } from '@domain/meeting/resources';
import { personImportPreview } from '@domain/meeting/personImport.contracts';
import { personBulkBadges } from '@domain/meeting/personBulk.contracts';
import { personBulkApprove, personBulkCancel, personBulkKind, personBulkRemove, personBulkShuttle } from '@domain/meeting/personBulk.contracts';
import { personMessage, personResend } from '@domain/meeting/personMessages.contracts';
import { useSession } from '@/stores/session';
import { PersonToolbar } from '@/features/meeting/persons/PersonToolbar';
import type { BulkAction } from '@/features/meeting/persons/personBulkApi';

/** What 审核通过 on import needs: the authority of the pending → approved move. */
const statusMachine = machineOf(person, 'status')!;
const approveMove = findTransition(statusMachine, stateValue(person, 'status', 'pending'), stateValue(person, 'status', 'approved'))!;
const APPROVE = actionAuthority(person, transitionAction(statusMachine, approveMove));

/** Each bulk action and the authority it needs (its single action's). */
const BULK: ReadonlyArray<[BulkAction, string | undefined]> = [
  ['approve', personBulkApprove.authority],
  ['cancel', personBulkCancel.authority],
  ['kind', personBulkKind.authority],
  ['shuttle', personBulkShuttle.authority],
  ['remove', personBulkRemove.authority],
];

/**
 * 参会人员: the generic list of the person definition (its 导出 exports the filtered list) with the
 * page's own toolbar: 下载模板, 导入, 批量操作, 打印胸卡, 补发二维码 and 发送消息 for the ticked rows (kept
 * across pages) or the whole filtered list.
 */
export default function PersonPage() {
  const { search } = useLocation();
  const authorities = useSession((s) => s.authorities);
  const canImport = authorities.includes(personImportPreview.authority);
  const canBadge = authorities.includes(personBulkBadges.authority);
  const canResend = authorities.includes(personResend.authority);
  const canMessage = authorities.includes(personMessage.authority);
  const bulkActions = BULK.filter(([, authority]) => authority && authorities.includes(authority)).map(([action]) => action);
  return (
    <ResourcePage
      def={person}
      linkSearch={search}
      selectable={canBadge || canResend || canMessage || bulkActions.length > 0}
      selectAcrossPages
      extraToolbar={(selected, _rows, reload, list) => (
        <PersonToolbar selected={selected} canImport={canImport} canApprove={authorities.includes(APPROVE)} canBadge={canBadge} canResend={canResend} canMessage={canMessage} bulkActions={bulkActions} list={list} reload={reload} />
      )}
    />
  );
}
