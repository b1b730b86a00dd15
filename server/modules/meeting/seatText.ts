import { sql, type SQL } from 'drizzle-orm';
import { hall, seat } from '@domain/meeting/resources';

/**
 * A person's assigned seats as the desk shows them (its cards, a scan's verdict, the offline copy):
 * 「会场 A区 3排12号」 (the hall, then the seat's label as the seat map names it), several joined by 「、」.
 */

/** The aggregate over seats `s` joined to their halls `h`. */
export const SEATS_TEXT: SQL = sql`string_agg(h.name || ' ' || s.label, '、' order by h.name, s.label)`;

/** The seats of one person (by its id expression), a scalar subquery: by the seats' person index. */
export function seatsOfSql(organiserId: SQL, personId: SQL): SQL {
  return sql`(select ${SEATS_TEXT} from ${sql.identifier(seat.table)} s join ${sql.identifier(hall.table)} h on h.id = s.hall_id
                where s.organiser_id = ${organiserId} and s.person_id = ${personId})`;
}
