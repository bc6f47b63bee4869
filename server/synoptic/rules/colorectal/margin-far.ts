// Margins stated to be far from the tumor without a distance of their own: "the longitudinal margins are widely clear",
// "both bowel ends are more than 5 cm away", "the other margins are well clear". A margin with only a lower bound is
// farther than any margin measured closer than that bound, which is what the closest margin is judged by (CAP).
import { NUM, toCm, UNIT } from '../../text/measure';
import { MARGIN_KINDS, type MarginKind } from './margin-words';

export interface FarMargin {
  kind: MarginKind;
  /** The stated lower bound in cm ("more than 5 cm"); absent when the margin is only said to be well clear. */
  min?: number;
}

const WELL_CLEAR =
  /\b(?:well|widely|amply|far)\s+(?:clear|away|free|removed)\b|\b(?:remote|distant) from the (?:tumou?r|lesion|growth)\b/i;
const BOUND = new RegExp(
  String.raw`(?:more than|greater than|in excess of|at least|over|beyond|>|≥)\s*${NUM}\s*${UNIT}`,
  'gi'
);
const LONGITUDINAL =
  /\b(?:longitudinal|(?:proximal|ileal) and (?:distal|colonic)|both (?:resection |bowel |cut )?)\s*(?:resection\s+)?(?:margins|ends)\b|\b(?:the\s+)?(?:resection margins|bowel ends|cut ends)\b(?!\s+(?:are|is)\s+(?:\w+\s+)?(?:involved|positive))/i;
const OTHERS = /\b(?:other|remaining)\s+(?:resection\s+)?margins\b/i;
/** Clause breaks: semicolons, and a comma or "and" that opens a new subject ("… and the CRM is 4 mm"). */
const CLAUSES = /;|,\s*(?=(?:and\s+)?the\b)|\s+and\s+(?=the\b)/i;

/**
 * Margins a sentence states to be far from the tumor.
 * @param t - The sentence (numbers in words already digitized).
 * @param sidesOf - The margins a clause names.
 * @returns Each far margin, with its lower bound when one is stated.
 */
export function farMargins(t: string, sidesOf: (clause: string) => MarginKind[]): FarMargin[] {
  const out: FarMargin[] = [];
  for (const clause of t.split(CLAUSES)) {
    const bounds = [...clause.matchAll(BOUND)];
    const rest = clause.replace(BOUND, ' ');
    const clear = WELL_CLEAR.test(clause);
    if ((!clear && !bounds.length) || /\d/.test(rest) || bounds.length > 1) continue;
    const sides = LONGITUDINAL.test(clause)
      ? (['proximal', 'distal'] as MarginKind[])
      : OTHERS.test(clause)
        ? MARGIN_KINDS
        : sidesOf(clause);
    const min = bounds[0] ? toCm(bounds[0][1]!, bounds[0][2]!) : undefined;
    for (const kind of sides) out.push(min === undefined ? { kind } : { kind, min });
  }
  return out;
}
