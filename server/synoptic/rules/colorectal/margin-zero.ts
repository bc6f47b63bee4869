// Margins the tumor reaches (CAP: involved, a distance of 0): "extends to / abuts the inked radial margin", "distal
// margin: involved", "the tumour is at the distal staple line", "abuts the inked margin" without a side (the radial one).
import { NEGATION } from '../../text/sentences';
import type { MarginRef } from './margin-refs';
import type { MarginKind } from './margin-words';

const ZERO_VERB =
  /\b(?:extend\w*|reach\w*|abut\w*|involv\w*|invad\w*|infiltrat\w*|touch\w*|present|impinge\w*|transect\w*|breach\w*|comes?|coming|came|(?:is|lies|lying)\s+in\s+contact\s+with|contact\w*)\b(?:\s+at\s+(?:the\s+)?ink(?:ed)?(?:\s+(?:surface|edge))?)?(?:\s+(?:through|into|across)\s+(?:the\s+)?[a-z\s-]{0,25}?)?\s+(?:(?:right\s+|all the way\s+)?up\s+)?(?:to|at|on|upon|into)?\s*(?:the\s+)?(?:inked\s+|painted\s+)?(?:\w+\s+)?$/i;
const AT_MARGIN =
  /\b(?:tumou?r|mass|lesion|carcinoma|growth|neoplasm|it)\s+(?:is\s+|lies\s+|sits\s+)?(?:present\s+|seen\s+)?(?:at\s+ink\s+)?(?:at|on)\s+(?:the\s+)?(?:inked\s+|painted\s+)?$/i;

/**
 * Whether a negation cue stands in the 30 characters before a span or inside it.
 * @param t - The sentence.
 * @param from - Start of the span.
 * @param to - End of the span.
 * @returns True when negated.
 */
export function negated(t: string, from: number, to: number): boolean {
  return NEGATION.test(t.slice(Math.max(0, from - 30), to));
}

/** How a margin called involved without a distance is explained. */
export const STATED_INVOLVED = 'margin stated involved';

export interface InvolvedMargin {
  kind: MarginKind;
  how: string;
}

/**
 * The margins a sentence says the tumor reaches.
 * @param t - The sentence (numbers digitized).
 * @param refs - The margins the sentence names.
 * @returns Each involved margin with how the sentence says so.
 */
export function involvedMargins(t: string, refs: MarginRef[]): InvolvedMargin[] {
  const out: InvolvedMargin[] = [];
  for (const r of refs) {
    const z = ZERO_VERB.exec(t.slice(0, r.start));
    const positive =
      /^\s*,?\s*(?::|is|are|appears?\s+(?:to\s+be\s+)?|seems?\s+(?:to\s+be\s+)?)?\s*(?:grossly\s+|focally\s+|macroscopically\s+)?(?:involved|positive|transected|tumou?r at ink)\b|^\s*(?:shows?|contains?)\s+(?:invasive\s+)?(?:tumou?r|carcinoma)\b|^\s*(?::|-|—|–)?\s*(?:invasive\s+|residual\s+)?(?:adeno)?carcinoma\s+(?:is\s+)?(?:present|seen|identified)\b|^\s*(?:is|lies)\s+at\s+the\s+(?:tumou?r|lesion|growth)(?:'s)?\s+edge\b/i.test(
        t.slice(r.end, r.end + 40)
      );
    // "the tumour is at the distal margin": tumor at a margin is tumor reaching it (CAP: involved, 0 cm).
    // Only a margin proper: "tumour at the distal end" places it along the specimen, not at the resection line.
    // A staple line, resection line or cut edge is the margin itself.
    const proper = /margin|\bCRM\b|\blines?\b|\blimits?\b|\bcut (?:ends?|edges?)\b|\bsurfaces?\b|\bfascia\b/i.test(
      t.slice(r.start, r.end)
    );
    const at = proper ? AT_MARGIN.exec(t.slice(0, r.start)) : null;
    const reached =
      (z && !/\d/.test(z[0]) && !negated(t, z.index, z.index + z[0].length)) ||
      (at && !negated(t, at.index, at.index + at[0].length));
    // "CRM: involved" is a status, which a convention may give to a margin 1 mm away; "extends to the margin" is a
    // distance of 0.
    const statusWord = positive && /^\W*(?:is\s+|are\s+)?(?:involved|positive)\b/i.test(t.slice(r.end, r.end + 40));
    const onlyStatus = (!reached || /^involv/i.test(z?.[0] ?? '')) && statusWord;
    if (reached || positive) out.push({ kind: r.kind, how: onlyStatus ? STATED_INVOLVED : 'tumor reaches the margin' });
  }
  // "abuts the inked margin" without a side: the inked surface of a resection is its radial (mesenteric) margin.
  const inked =
    /\b(?:extend\w*|abut\w*|reach\w*|present|involv\w*)\s+(?:to\s+|at\s+)?the\s+inked\s+(?:resection\s+)?margin/i.exec(
      t
    );
  if (inked && !negated(t, inked.index, inked.index))
    out.push({ kind: 'radial', how: 'tumor reaches the inked margin' });
  return out;
}
