import { sql } from 'drizzle-orm';
import type { AppDb } from '../../server/db/client';
import { newPersonCode } from '../../server/modules/meeting/personCode';
import { queryRows } from '../../server/services/sql';
import { freshMobile } from './helpers';

/**
 * Gates and attendees written straight into the tables, for the meeting tests (gate scans, desk search,
 * desk upload, live events): each makes its own data instead of relying on the seed's, so it runs on
 * PGlite and PostgreSQL alike and says in one line which gate or person a case is about.
 */
export interface Scope {
  organiserId: number;
  projectId: number;
  activityId: number;
}

/** The scope of an activity row. */
export const scopeOf = (activity: { organiserId: number; projectId: number; id: number }): Scope => ({
  organiserId: activity.organiserId,
  projectId: activity.projectId,
  activityId: activity.id,
});

export interface GateSpec {
  name: string;
  /** Unique per organiser; derived from the name when omitted. */
  deviceNo?: string;
  /** 1 entrance (default), 2 exit. */
  direction?: 1 | 2;
  /** 1 in use (default), 0 off. */
  status?: 0 | 1;
  location?: string;
}

export async function insertGate(db: AppDb, scope: Scope, gate: GateSpec): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into gate_gates (organiser_id, project_id, activity_id, name, location, direction, device_no, status)
        values (${scope.organiserId}, ${scope.projectId}, ${scope.activityId}, ${gate.name}, ${gate.location ?? '南登录厅'},
                ${gate.direction ?? 1}, ${gate.deviceNo ?? `T-${gate.name}`}, ${gate.status ?? 1})
        returning id`,
  );
  return row.id;
}

export interface PersonSpec {
  name: string;
  /** A fresh mobile when omitted. */
  mobile?: string;
  company?: string | null;
  badgeNo?: string | null;
  /** 0 pending, 1 approved (default), 2 rejected, 3 cancelled. */
  status?: 0 | 1 | 2 | 3;
}

/** An attendee (kind 2, not checked in) with a new personal code; returns its id and code. */
export async function insertPerson(db: AppDb, scope: Scope, person: PersonSpec): Promise<{ id: number; code: string }> {
  const code = newPersonCode();
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into person_persons (organiser_id, project_id, activity_id, name, kind, mobile, id_type, id_no, company, badge_no, checkin_status, code, status)
        values (${scope.organiserId}, ${scope.projectId}, ${scope.activityId}, ${person.name}, 2, ${person.mobile ?? freshMobile()}, 2, 'E12345678',
                ${person.company === undefined ? '华东会展研究院' : person.company}, ${person.badgeNo ?? null}, 0, ${code}, ${person.status ?? 1})
        returning id`,
  );
  return { id: row.id, code };
}
