// segment_lesion's planner rule: lesion boxes at two or more time points → segment each lesion at baseline and at the
// latest time point, then, once measured, compare the pairs by RECIST 1.1 (an assess_response call); boxes at one time
// point only → measure them as a baseline.
import type { PlannedCall } from '../../../common/contracts';
import { assessResponseContract, segmentLesionContract, toolOutput } from '../../../common/contracts/tools';
import type { PlacedLesion, TimePoint } from '../../agent/record/imaging';
import type { PlannerRule, RuleNext, RuleStart } from '../adapter';

/** The segmentations of one lesion pair, and how to name it in assess_response. */
interface LesionPair {
  id: string;
  site?: string;
  isLymphNode: boolean;
  baselineCall: string;
  followUpCall: string;
}

interface ImagingPlan {
  calls: PlannedCall[];
  pairs: LesionPair[];
  baseline?: TimePoint;
  followUp?: TimePoint;
}

const MAX_TARGETS = 5;

const when = (t: TimePoint): string => `${t.modality ?? 'imaging'} ${t.date ?? '(undated)'}`;

function siteOf(label: string | undefined): { site?: string; isLymphNode: boolean } {
  const text = label ?? '';
  if (/\bnode|nodal|lymph/i.test(text)) return { site: 'lymph node', isLymphNode: true };
  const organ = /\b(liver|hepatic|segment|lung|pulmonary|lobe|peritone\w*|adrenal|bone|pancrea\w*|spleen|kidney)/i.exec(
    text
  );
  if (!organ) return { isLymphNode: false };
  const word = organ[1]!.toLowerCase();
  const site = /liver|hepatic|segment/.test(word) ? 'liver' : /lung|pulmonary|lobe/.test(word) ? 'lung' : word;
  return { site, isLymphNode: false };
}

/** Pairs lesions across time points by anatomy when every lesion names a distinct place, else by order. */
export function matchLesions(base: PlacedLesion[], follow: PlacedLesion[]): [number, number][] {
  const keys = (ls: PlacedLesion[]) => ls.map((l) => l.anatomy);
  const distinct = (ks: (string | undefined)[]) => ks.every(Boolean) && new Set(ks).size === ks.length;
  const [bk, fk] = [keys(base), keys(follow)];
  if (distinct(bk) && distinct(fk)) {
    return bk.flatMap((k, i) => (fk.includes(k) ? [[i, fk.indexOf(k)] as [number, number]] : [])).slice(0, MAX_TARGETS);
  }
  return Array.from(
    { length: Math.min(base.length, follow.length, MAX_TARGETS) },
    (_, i) => [i, i] as [number, number]
  );
}

function segment(nextId: () => string, t: TimePoint, lesion: PlacedLesion, other: TimePoint): PlannedCall {
  const name = lesion.label ? `"${lesion.label}"` : 'a marked lesion';
  return {
    id: nextId(),
    tool: segmentLesionContract.name,
    args: { image: lesion.image, box: lesion.box },
    reason: `Measure ${name} on ${when(t)} (box from ${lesion.source}) to compare with ${when(other)} by RECIST 1.1`,
  };
}

/** The segmentations of the first round, with the lesion pairs to assess next. */
function planSegments({ facts, nextId }: RuleStart): ImagingPlan {
  const plan: ImagingPlan = { calls: [], pairs: [] };
  const marked = facts.imaging.filter((t) => t.lesions.length > 0);
  // Studies of one day (chest and abdomen CT, CT and MRI for staging) are one time point: nothing to compare.
  const sameDay = marked.length >= 2 && !!marked[0]!.date && marked.every((t) => t.date === marked[0]!.date);
  // One marked time point: measure its lesions (a baseline for later RECIST); nothing to compare yet.
  if (marked.length === 1 || sameDay) {
    for (const only of marked)
      for (const l of only.lesions.slice(0, MAX_TARGETS)) {
        const name = l.label ? `"${l.label}"` : 'a marked lesion';
        plan.calls.push({
          id: nextId(),
          tool: segmentLesionContract.name,
          args: { image: l.image, box: l.box },
          reason: `Measure ${name} on ${when(only)} (box from ${l.source}): the baseline for RECIST 1.1 (no other time point is marked)`,
        });
      }
  }
  if (marked.length < 2 || sameDay) return plan;
  const [baseline, followUp] = [marked[0]!, marked.at(-1)!];
  Object.assign(plan, { baseline, followUp });
  for (const [bi, fi] of matchLesions(baseline.lesions, followUp.lesions)) {
    const [b, f] = [baseline.lesions[bi]!, followUp.lesions[fi]!];
    const [cb, cf] = [segment(nextId, baseline, b, followUp), segment(nextId, followUp, f, baseline)];
    plan.calls.push(cb, cf);
    plan.pairs.push({
      id: b.anatomy?.replace(/\s+/g, '-') ?? `lesion-${plan.pairs.length + 1}`,
      ...siteOf(b.label ?? f.label),
      baselineCall: cb.id,
      followUpCall: cf.id,
    });
  }
  // Lesions found only at one time point are not paired; segmenting them still documents them.
  const paired = new Set(plan.calls.map((c) => JSON.stringify(c.args)));
  for (const [t, other] of [
    [baseline, followUp],
    [followUp, baseline],
  ] as const) {
    for (const l of t.lesions.filter((x) => !paired.has(JSON.stringify({ image: x.image, box: x.box })))) {
      const call = segment(nextId, t, l, other);
      plan.calls.push({ ...call, reason: `${call.reason} (no counterpart at the other time point)` });
    }
  }
  return plan;
}

/**
 * The assess_response call once the segmentations have run.
 * @param plan - The segmentations of the first round.
 * @param input - The finished calls and the id issuer (called only when a call is made).
 * @returns The call, or a note saying why the comparison cannot be made.
 */
function assessFromSegments(plan: ImagingPlan, { calls, nextId }: RuleNext): PlannedCall | string {
  const outputOf = (id: string) =>
    toolOutput(
      calls.find((c) => c.id === id),
      segmentLesionContract.name
    );
  // Longest diameter (short axis for nodes) in mm.
  const diameter = (id: string, node: boolean) => {
    const out = outputOf(id);
    return node ? out?.shortAxisMm : out?.longestDiameterMm;
  };
  const measured = plan.pairs.flatMap((p) => {
    const [b, f] = [diameter(p.baselineCall, p.isLymphNode), diameter(p.followUpCall, p.isLymphNode)];
    return b !== undefined && f !== undefined && b > 0 ? [{ p, b, f }] : [];
  });
  if (measured.length === 0) {
    return `${assessResponseContract.name} not run: no lesion was measured in mm at both time points (see the ${segmentLesionContract.name} results)`;
  }
  const lesion = (m: (typeof measured)[number], mm: number) => ({
    id: m.p.id,
    ...(m.p.site ? { site: m.p.site } : {}),
    ...(m.p.isLymphNode ? { isLymphNode: true } : {}),
    diameterMm: mm,
  });
  const first = measured[0]!;
  const [ab, af] = [outputOf(first.p.baselineCall)?.areaMm2, outputOf(first.p.followUpCall)?.areaMm2];
  return {
    id: nextId(),
    tool: assessResponseContract.name,
    args: {
      baseline: measured.map((m) => lesion(m, m.b)),
      followUp: measured.map((m) => lesion(m, m.f)),
      ...(ab && af !== undefined ? { areas: { baselineMm2: ab, followUpMm2: af, lesionId: first.p.id } } : {}),
    },
    reason:
      `RECIST 1.1 from the measured diameters of ${measured.length} target lesion${measured.length > 1 ? 's' : ''} ` +
      `(${when(plan.baseline!)} vs ${when(plan.followUp!)}; lesions paired by ${measured.every((m) => m.p.id.startsWith('lesion-')) ? 'order' : 'anatomy'})`,
  };
}

/**
 * A fresh segment_lesion rule for one workup: segmentations first, the RECIST comparison once they have all run.
 * @returns The rule.
 */
export function segmentLesionRule(): PlannerRule {
  let plan: ImagingPlan = { calls: [], pairs: [] };
  return {
    start(input) {
      plan = planSegments(input);
      const followUps = plan.pairs.length
        ? [{ tool: assessResponseContract.name, reason: 'RECIST 1.1 once the paired lesions are measured' }]
        : [];
      return { calls: plan.calls, followUps };
    },
    next(input) {
      if (plan.pairs.length === 0) return { done: true };
      const ids = plan.pairs.flatMap((p) => [p.baselineCall, p.followUpCall]);
      if (!ids.every((id) => input.calls.some((c) => c.id === id))) return { done: false };
      const step = assessFromSegments(plan, input);
      return typeof step === 'string' ? { notes: [step], done: true } : { calls: [step], done: true };
    },
  };
}
