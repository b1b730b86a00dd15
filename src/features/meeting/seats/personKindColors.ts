import { PERSON_KINDS } from '@domain/meeting/resources';
import type { Option } from '@domain/resource/types';

/**
 * The colour a taken seat is filled with, by its sitter's 人员类别 (PERSON_KINDS' keys). Each is dark
 * enough against the white page and the free seats (≥ 3:1, WCAG's bound for graphics) and the hues
 * lie apart; the legend names them and a seat's accessible name says the category, so the colour is
 * never the only clue. Apart from the 贵宾 / 媒体 seat marks (magenta, cyan), so a mark stays visible on any fill.
 */
export const PERSON_KIND_COLORS: Readonly<Record<string, string>> = {
  visitor: '#1369e0',
  guest: '#cf1322',
  speaker: '#722ed1',
  press: '#874d00',
  exhibitorStaff: '#3f6600',
  staff: '#595959',
};

/** The categories in the legend's order, each with its colour. */
export const personKindLegend: ReadonlyArray<Option & { color: string }> = PERSON_KINDS.map((k) => ({ ...k, color: PERSON_KIND_COLORS[k.key ?? ''] }));

/** The custom properties the seat CSS reads (`--zb-seat-p<value>`), set once on the map. */
export const personKindPalette: Readonly<Record<string, string>> = Object.fromEntries(personKindLegend.map((k) => [`--zb-seat-p${k.value}`, k.color]));
