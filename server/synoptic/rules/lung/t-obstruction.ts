// AJCC 8th T2: atelectasis or obstructive pneumonitis that extends to the hilar region, involving part or all of the
// lung. Reports name it in many ways (post-obstructive pneumonia or consolidation, obstructive change, collapse,
// endogenous lipoid pneumonia) and give its extent as the hilum, the hilar region, or the whole lobe or lung.
import type { DocSentence } from '../../text/doc';
import { clauseBounds } from './t-descriptors';

/** The obstructive change itself; "collapse" counts only where the sentence ties it to an obstruction. */
const CHANGE = String.raw`(?:atelecta\w+|(?:post-?\s?)?obstructive (?:pneumonitis|pneumonia|consolidation|changes?|lipoid pneumonia|collapse)|obstructive (?:atelecta\w+)|(?:endogenous )?lipoid pneumonia|collapsed?|consolidation)`;
const EXTENT = String.raw`(?:hil(?:um|ar|us)(?!\s+(?:lymph|nodes?|nodal|LNs?|stations?|margins?))|(?:entire|whole|total|all of the|complete)\s+(?:[\w-]+\s+)?(?:lung|lobe|hemithorax))`;
const FORWARD = new RegExp(String.raw`\b${CHANGE}\b[^.;]*?\b${EXTENT}\b`, 'gi');
const BACKWARD = new RegExp(
  String.raw`\b(?:entire|whole|total|complete)\s+(?:[\w-]+\s+)?(?:lung|lobe)\b[^.;]*?\b${CHANGE}\b`,
  'gi'
);
/** Collapse and consolidation are obstructive only next to an obstruction; a specimen may arrive collapsed. */
const OBSTRUCTED = /\b(?:obstruct\w*|occlu\w*|distal|beyond|downstream|airless)\b/i;
const NEGATION = /\b(?:no|absent|without|not|nor|none|limited to|confined to|short of|sparing)\b/i;

/**
 * The sentence that reports atelectasis or obstructive pneumonitis reaching the hilum or the whole lobe or lung.
 * @param sentences - The report.
 * @returns The sentence, or undefined.
 */
export function obstructionToHilum(sentences: DocSentence[]): DocSentence | undefined {
  return sentences.find((s) => {
    const t = s.masked;
    return [...t.matchAll(FORWARD), ...t.matchAll(BACKWARD)].some((m) => {
      const plain = /^(?:collapsed?|consolidation)\b/i.test(m[0]) || /\b(?:collapsed?|consolidation)$/i.test(m[0]);
      if (plain && !OBSTRUCTED.test(t)) return false;
      // The negation belongs to the change when it stands in its comma-bounded part or between change and extent.
      const [start, end] = clauseBounds(t, m.index);
      const from = Math.max(start, t.lastIndexOf(',', m.index) + 1);
      return !NEGATION.test(t.slice(from, Math.min(end, m.index + m[0].length)));
    });
  });
}
