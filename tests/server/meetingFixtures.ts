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
  email?: string | null;
  company?: string | null;
  badgeNo?: string | null;
  /** 1 观众, 2 嘉宾 (default), … (PERSON_KINDS). */
  kind?: 1 | 2 | 3 | 4;
  /** 0 pending, 1 approved (default), 2 rejected, 3 cancelled. */
  status?: 0 | 1 | 2 | 3;
  /** A passport number (id type 2); E12345678 when omitted, none when null. */
  passport?: string | null;
  /** A new personal code when omitted. */
  code?: string;
}

export interface InsertedPerson {
  id: number;
  name: string;
  code: string;
  mobile: string;
  email: string | null;
}

/**
 * Persons of one scope, not checked in, written a thousand a statement in the order given; returns them
 * in that order. The one place the tests write person_persons straight, so a new column needs one change.
 */
export async function insertPersons(db: AppDb, scope: Scope, people: readonly PersonSpec[]): Promise<InsertedPerson[]> {
  const inserted: InsertedPerson[] = [];
  // A statement carries at most 65 535 parameters: 14 a person, so a thousand persons a statement.
  for (let from = 0; from < people.length; from += 1000) {
    const rows = people.slice(from, from + 1000).map((person) => {
      const passport = person.passport === undefined ? 'E12345678' : person.passport;
      return sql`(${scope.organiserId}, ${scope.projectId}, ${scope.activityId}, ${person.name}, ${person.kind ?? 2}, ${person.mobile ?? freshMobile()},
                  ${person.email ?? null}, ${passport === null ? null : 2}, ${passport}, ${person.company ?? null}, ${person.badgeNo ?? null}, 0,
                  ${person.code ?? newPersonCode()}, ${person.status ?? 1})`;
    });
    inserted.push(
      ...(await queryRows<InsertedPerson>(
        db,
        sql`insert into person_persons (organiser_id, project_id, activity_id, name, kind, mobile, email, id_type, id_no, company, badge_no, checkin_status, code, status)
            values ${sql.join(rows, sql`, `)}
            returning id, name, code, mobile, email`,
      )),
    );
  }
  return inserted;
}

/** A 嘉宾 of 华东会展研究院 unless `company` says otherwise (see insertPersons); its id and code. */
export async function insertPerson(db: AppDb, scope: Scope, person: PersonSpec): Promise<{ id: number; code: string }> {
  const [row] = await insertPersons(db, scope, [{ ...person, company: person.company === undefined ? '华东会展研究院' : person.company }]);
  return { id: row.id, code: row.code };
}
