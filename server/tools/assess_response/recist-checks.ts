// RECIST 1.1's rules on the input (ids, organ limits, measurability) and the supplementary area comparison.
import { ToolInputError } from '../types';
import type { RecistAssessment, RecistInput, TargetLesion } from './recist';

const r1 = (v: number): number => Math.round(v * 10) / 10;

/** Throws when a time point lists one lesion id twice. */
export function checkIds(list: TargetLesion[], label: string): void {
  const seen = new Set<string>();
  for (const l of list) {
    if (seen.has(l.id)) throw new ToolInputError(`${label} lists target lesion "${l.id}" twice`);
    seen.add(l.id);
  }
}

/** The guideline's soft checks on the baseline: organ limits and measurability. */
export function baselineWarnings(baseline: TargetLesion[]): string[] {
  const warnings: string[] = [];
  const perOrgan = new Map<string, string[]>();
  for (const l of baseline) {
    // RECIST counts all lymph nodes together as one organ.
    const organ = l.isLymphNode ? 'lymph nodes' : l.site?.trim().toLowerCase();
    if (organ) perOrgan.set(organ, [...(perOrgan.get(organ) ?? []), l.id]);
    const minimum = l.isLymphNode ? 15 : 10;
    if (l.diameterMm < minimum) {
      warnings.push(
        `${l.id}: ${l.diameterMm} mm at baseline is below RECIST's measurable size (${minimum} mm ${l.isLymphNode ? 'short axis for a lymph node' : 'longest diameter'}); it should not be a target lesion`
      );
    }
  }
  for (const [organ, ids] of perOrgan) {
    if (ids.length > 2)
      warnings.push(
        `${ids.length} target lesions in ${organ} (${ids.join(', ')}); RECIST 1.1 allows at most 2 per organ`
      );
  }
  return warnings;
}

/** Ratio and % change of two single-slice areas, labelled as outside RECIST. */
export function compareAreas(
  areas: NonNullable<RecistInput['areas']>
): NonNullable<RecistAssessment['areaComparison']> {
  if (areas.baselineMm2 <= 0) throw new ToolInputError('areas.baselineMm2 must be greater than 0');
  const ratio = areas.followUpMm2 / areas.baselineMm2;
  return {
    ...(areas.lesionId ? { lesionId: areas.lesionId } : {}),
    baselineMm2: areas.baselineMm2,
    followUpMm2: areas.followUpMm2,
    ratio: Math.round(ratio * 1000) / 1000,
    changePct: r1((ratio - 1) * 100),
    note: 'supplementary single-slice area comparison; RECIST 1.1 categories use diameters only',
  };
}
