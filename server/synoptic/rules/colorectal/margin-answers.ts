// The margin items of the CAP colorectal template answered from the distances found: each distance, the closest margin
// (the smallest distance; an involved margin on its own; a radial margin closer than both unnamed ends) and the margin
// status (0 cm is involved; a margin within 1 mm called involved only by convention is left open).
import type { ItemAnswer } from '../../../../common/contracts';
import { type DocSentence, noAnswer, ruleAnswer } from '../../text/doc';
import { formatCm } from '../../text/measure';
import { type DistanceFinding, MARGIN_KINDS, type MarginKind } from './margins';

const CLOSEST_DISPLAY: Record<MarginKind, string> = {
  proximal: 'Proximal',
  distal: 'Distal',
  radial: 'Radial (circumferential) or mesenteric',
};

/**
 * The distance item of one margin.
 * @param kind - The margin.
 * @param f - Its distance, when found.
 * @returns The answer in cm, or unanswered with the reason.
 */
export function distanceAnswer(kind: MarginKind, f: DistanceFinding | undefined): ItemAnswer {
  if (!f) return noAnswer(`The report gives no distance to the ${kind} margin.`);
  const why =
    f.cm === 0
      ? `The tumor reaches the ${kind} margin: 0 cm.`
      : `${formatCm(f.cm)} cm to the ${kind} margin (${f.how}).`;
  return ruleAnswer(f.cm, [f.sentence], why);
}

/**
 * The closest-margin item.
 * @param distances - The distances found.
 * @param stated - A margin the report names as closest.
 * @param far - Margins stated to be well clear.
 * @param unnamedEnds - Distances to bowel ends of unknown side.
 * @returns The closest margin, or unanswered when the distances do not decide it.
 */
export function closestAnswer(
  distances: Partial<Record<MarginKind, DistanceFinding>>,
  stated: { kind: MarginKind; sentence: DocSentence } | undefined,
  far?: Partial<Record<MarginKind, { sentence: DocSentence; min?: number }>>,
  unnamedEnds: number[] = []
): ItemAnswer {
  if (stated)
    return ruleAnswer(
      CLOSEST_DISPLAY[stated.kind],
      [stated.sentence],
      `The report names the ${stated.kind} margin as closest.`
    );
  const known = MARGIN_KINDS.filter((k) => distances[k]).map((k) => ({ k, f: distances[k]! }));
  // An involved margin (0 cm) is the closest whatever the others are.
  const zero = known.filter((x) => x.f.cm === 0);
  if (zero.length === 1)
    return ruleAnswer(
      CLOSEST_DISPLAY[zero[0]!.k],
      [zero[0]!.f.sentence],
      `The tumor reaches the ${zero[0]!.k} margin (0 cm), so it is the closest.`
    );
  // An unoriented segment: the ends cannot be named, but a radial distance below both end distances is the closest.
  const radial = distances.radial;
  if (radial && !distances.proximal && !distances.distal && unnamedEnds.length >= 2) {
    if (radial.cm < Math.min(...unnamedEnds))
      return ruleAnswer(
        CLOSEST_DISPLAY.radial,
        [radial.sentence],
        `The radial margin (${formatCm(radial.cm)} cm) is closer than either bowel end (${unnamedEnds.map(formatCm).join(' and ')} cm).`
      );
  }
  // CAP: the closest margin is the one at the smallest distance; margins stated to be well clear are farther than
  // any that has a distance, so a single distance is the closest when every other margin is stated well clear.
  // A margin with only a lower bound ("more than 5 cm") is farther when the bound exceeds the one distance.
  const only = known.length === 1 ? known[0]! : undefined;
  const farKinds = MARGIN_KINDS.filter((k) => {
    const f = far?.[k];
    return !distances[k] && f && (f.min === undefined || (only !== undefined && f.min > only.f.cm));
  });
  if (only && known.length + farKinds.length === MARGIN_KINDS.length) {
    return ruleAnswer(
      CLOSEST_DISPLAY[only.k],
      [only.f.sentence, ...farKinds.map((k) => far![k]!.sentence)],
      `The ${only.k} margin is the only one with a distance (${formatCm(only.f.cm)} cm); the others are stated to be well clear.`
    );
  }
  if (known.length < 2)
    return noAnswer('Fewer than two margin distances are given, so the closest margin cannot be compared.');
  const min = Math.min(...known.map((x) => x.f.cm));
  const at = known.filter((x) => x.f.cm === min);
  if (at.length > 1)
    return noAnswer(`The ${at.map((x) => x.k).join(' and ')} margins are equally close (${formatCm(min)} cm).`);
  const list = known.map((x) => `${x.k} ${formatCm(x.f.cm)} cm`).join(', ');
  const partial = known.length < 3 ? ' (of the distances given)' : '';
  return ruleAnswer(
    CLOSEST_DISPLAY[at[0]!.k],
    known.map((x) => x.f.sentence),
    `Smallest distance${partial}: ${list}.`
  );
}

/** "The margins cannot be assessed (the specimen is fragmented)". */
export const MARGINS_UNDETERMINED =
  /\bmargins?\b[^.;]{0,40}?\b(?:cannot|can ?not|could not|unable to|not possible to)\s+(?:be\s+)?(?:reliably\s+)?(?:assess\w*|determin\w*|evaluat\w*)|\bmargins?(?: status)?\s*:\s*(?:cannot be (?:assessed|determined)|indeterminate)\b/i;

/**
 * The margin-status item.
 * @param distances - The distances found.
 * @param stated - A status the report states without a distance.
 * @param undetermined - A sentence saying the margins cannot be assessed.
 * @param convention - A sentence applying the ≤ 1 mm convention.
 * @returns Involved, uninvolved, cannot be determined, or unanswered with the reason.
 */
export function statusAnswer(
  distances: Partial<Record<MarginKind, DistanceFinding>>,
  stated: { involved: boolean; sentence: DocSentence } | undefined,
  undetermined?: DocSentence,
  convention?: DocSentence
): ItemAnswer {
  const zero = MARGIN_KINDS.find((k) => distances[k]?.cm === 0);
  if (zero)
    return ruleAnswer('Involved by tumor', [distances[zero]!.sentence], `The tumor reaches the ${zero} margin (0 cm).`);
  // A margin measured within 1 mm and called involved by the ≤ 1 mm convention: involved by that convention, not by
  // CAP's tumor-at-margin rule, so the status is left to the pathologist.
  const near = MARGIN_KINDS.find((k) => (distances[k]?.cm ?? 1) <= 0.1);
  if (near && convention)
    return noAnswer(
      `The ${near} margin is ${formatCm(distances[near]!.cm * 10)} mm away and called involved by the ≤ 1 mm convention; the tumor does not reach it (CAP), so the status is left open.`
    );
  if (stated)
    return ruleAnswer(
      stated.involved ? 'Involved by tumor' : 'Uninvolved by tumor',
      [stated.sentence],
      'The report states the margin status.'
    );
  const known = MARGIN_KINDS.filter((k) => distances[k]);
  if (known.length === 0 && undetermined)
    return ruleAnswer('Cannot be determined', [undetermined], 'The report states that the margins cannot be assessed.');
  if (known.length === 0) return noAnswer('No margin distance or margin status is given.');
  return ruleAnswer(
    'Uninvolved by tumor',
    known.map((k) => distances[k]!.sentence),
    `Every distance given is above 0 cm (${known.join(', ')}).`
  );
}
