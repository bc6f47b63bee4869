// Imaging rules: lesion boxes at two or more time points → segment each lesion at baseline and at the latest time
// point, then compare them by RECIST 1.1; images that nobody has read yet → radiology_report.
import type { PlannedCall } from '../events';
import type { RecordFacts } from '../record/facts';
import type { PlacedLesion, TimePoint } from '../record/imaging';
import type { WorkupToolCall } from '../workup-result';

/** The segmentations of one lesion pair, and how to name it in assess_response. */
interface LesionPair {
  id: string;
  site?: string;
  isLymphNode: boolean;
  baselineCall: string;
  followUpCall: string;
}

export interface ImagingPlan {
  calls: PlannedCall[];
  pairs: LesionPair[];
  baseline?: TimePoint;
  followUp?: TimePoint;
}

const MAX_TARGETS = 5;
const MAX_REPORT_IMAGES = 6;

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
    tool: 'segment_lesion',
    args: { image: lesion.image, box: lesion.box },
    reason: `Measure ${name} on ${when(t)} (box from ${lesion.source}) to compare with ${when(other)} by RECIST 1.1`,
  };
}

/**
 * The imaging calls of the first round.
 * @param facts - The record's facts.
 * @param question - The clinician's question (passed to the image reader).
 * @param nextId - Issues call ids.
 * @returns Segmentations (with the lesion pairs to assess next) and any radiology_report call.
 */
export function planImaging(facts: RecordFacts, question: string, nextId: () => string): ImagingPlan {
  const plan: ImagingPlan = { calls: [], pairs: [] };
  const marked = facts.imaging.filter((t) => t.lesions.length > 0);
  if (marked.length >= 2) {
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
  }
  const unread = facts.imaging.filter((t) => t.reports.length === 0 && t.lesions.length === 0 && t.keyImage);
  if (unread.length > 0) {
    const images = unread.slice(-MAX_REPORT_IMAGES).map((t) => ({
      image: t.keyImage!,
      label: `${t.modality ?? 'Image'} ${t.date ?? ''} ${t.description}`.trim().slice(0, 100),
      ...(t.date && /^\d{4}-\d{2}-\d{2}$/.test(t.date) ? { date: t.date } : {}),
    }));
    plan.calls.push({
      id: nextId(),
      tool: 'radiology_report',
      args: { images, ...(question ? { question: question.slice(0, 1000) } : {}) },
      reason: `${unread.length} imaging ${unread.length === 1 ? 'study has' : 'studies have'} no report: describe${unread.length > 1 ? ' and compare' : ''} the images`,
    });
  }
  return plan;
}

/** Longest diameter (short axis for nodes) in mm from a finished segment_lesion call. */
function diameter(call: WorkupToolCall | undefined, node: boolean): number | undefined {
  const out = call?.status === 'ok' ? (call.output as { longestDiameterMm?: number; shortAxisMm?: number }) : undefined;
  const value = node ? out?.shortAxisMm : out?.longestDiameterMm;
  return typeof value === 'number' ? value : undefined;
}

/**
 * The assess_response call once the segmentations have run.
 * @param plan - The imaging plan of the first round.
 * @param calls - Every finished call.
 * @param nextId - Issues the call id (only when a call is made).
 * @returns The call, or a note saying why the comparison cannot be made.
 */
export function assessFromSegments(
  plan: ImagingPlan,
  calls: WorkupToolCall[],
  nextId: () => string
): PlannedCall | string {
  const byId = new Map(calls.map((c) => [c.id, c]));
  const measured = plan.pairs.flatMap((p) => {
    const [b, f] = [
      diameter(byId.get(p.baselineCall), p.isLymphNode),
      diameter(byId.get(p.followUpCall), p.isLymphNode),
    ];
    return b !== undefined && f !== undefined && b > 0 ? [{ p, b, f }] : [];
  });
  if (measured.length === 0) {
    return 'assess_response not run: no lesion was measured in mm at both time points (see the segment_lesion results)';
  }
  const lesion = (m: (typeof measured)[number], mm: number) => ({
    id: m.p.id,
    ...(m.p.site ? { site: m.p.site } : {}),
    ...(m.p.isLymphNode ? { isLymphNode: true } : {}),
    diameterMm: mm,
  });
  const first = measured[0]!;
  const area = (cid: string) => (byId.get(cid)?.output as { areaMm2?: number } | undefined)?.areaMm2;
  const [ab, af] = [area(first.p.baselineCall), area(first.p.followUpCall)];
  return {
    id: nextId(),
    tool: 'assess_response',
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
