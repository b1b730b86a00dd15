import type { FastifyInstance } from 'fastify';
import { passwordContextRule } from '@domain/core/validators';
import { AUDIT_ENTRIES, type AuditEntryKind } from '@domain/system/audit';
import type { AppDb } from '../../db/client';
import { hashPassword } from '../../lib/password';
import { recordAudit } from '../../services/audit/record';
import { checkFields } from '../../services/requestChecks';
import { invalidateUser } from '../../services/sessionCache';
import { revokeAllTokens } from '../../services/tokens';
import { organiserNameOf, setOwnPassword } from './account.repository';
import { endResetLinks } from './passwordReset.repository';

export interface PasswordResetProof {
  /** Uses up what proved the account is the caller's (an SMS code, a mailed link); false: it was used meanwhile. */
  consume(tx: AppDb): Promise<boolean>;
  /** The refusal when `consume` finds it used. */
  refusal: () => Error;
  entry: AuditEntryKind;
  /** The audit summary, given the entry's label. */
  summary: (entryLabel: string) => string;
}

/**
 * 找回密码's last step, by SMS code or by mailed link alike: the new password must not contain the
 * account's or its organiser's name; then, in one transaction, the proof is used up, the password set,
 * every session and every other reset link of the account ended (whoever knew the old password must not
 * stay signed in, and a link still in a mailbox must not undo it), and the reset audited.
 */
export async function resetOwnPassword(
  app: FastifyInstance,
  account: { id: number; username: string; organiserId: number },
  form: { password?: string },
  proof: PasswordResetProof,
  address: string,
  now: number,
): Promise<void> {
  const organiserName = await organiserNameOf(app.db, account.organiserId);
  checkFields({ password: passwordContextRule(() => ({ username: account.username, organiserName })) }, form);
  const passwordHash = await hashPassword(form.password!);
  const at = new Date(now);
  await app.db.transaction(async (tx) => {
    if (!(await proof.consume(tx))) throw proof.refusal();
    await setOwnPassword(tx, account.id, passwordHash, at);
    await revokeAllTokens(tx, account.id, now);
    await endResetLinks(tx, account.id, at);
    await recordAudit(tx, {
      organiserId: account.organiserId,
      userId: account.id,
      username: account.username,
      action: 'passwordReset',
      summary: proof.summary(AUDIT_ENTRIES[proof.entry]),
      address,
      entry: proof.entry,
      at,
    });
  });
  invalidateUser(app.db, account.id);
}
