// RECIST 1.1 target-lesion response (Eisenhauer et al., Eur J Cancer 2009) as a pure function: sums, percentage
// changes, the category and the rule that decided it, with the guideline's checks on the input.
import type {
  AssessResponseOutput,
  LesionChange,
  RecistCategory,
} from '../../../common/contracts/tools/assess-response';
import { ToolInputError } from '../types';
import { baselineWarnings, checkIds, compareAreas } from './recist-checks';

/** One target lesion at one time point: longest diameter (non-nodal) or short axis (lymph node), in mm. */
export interface TargetLesion {
  id: string;
  site?: string;
  isLymphNode?: boolean;
  diameterMm: number;
}

export interface RecistInput {
  baseline: TargetLesion[];
  followUp: TargetLesion[];
  /** Smallest sum of diameters so far, baseline included (default: the baseline sum). */
  nadirSumMm?: number;
  newLesions?: boolean;
  nonTargetProgression?: boolean;
  /** Single-slice areas of one lesion, compared as a supplement (not a RECIST criterion). */
  areas?: { baselineMm2: number; followUpMm2: number; lesionId?: string };
}

export type { LesionChange, RecistCategory } from '../../../common/contracts/tools/assess-response';

/** The assessment with the guideline's warnings (the tool returns the warnings beside its output). */
export type RecistAssessment = AssessResponseOutput & { warnings: string[] };

// Sums of one-decimal measurements pick up float noise (0.1 + 0.2); comparisons allow for it.
const EPS = 1e-6;
const r1 = (v: number): number => Math.round(v * 10) / 10;
const signed = (v: number): string => `${v > 0 ? '+' : ''}${r1(v).toFixed(1)}`;

/**
 * Assesses target-lesion response by RECIST 1.1 (with the new-lesion and non-target progression flags).
 * @param input - Baseline and follow-up targets matched by id, nadir, flags, optional areas.
 * @returns The category with sums, changes, the deciding rule and per-lesion changes; throws ToolInputError when
 *   the input breaks RECIST's hard rules (1–5 targets, ids matched, positive baseline sizes).
 */
export function assessRecist(input: RecistInput): RecistAssessment {
  const { baseline, followUp } = input;
  if (baseline.length < 1 || baseline.length > 5) {
    throw new ToolInputError(`RECIST 1.1 takes 1 to 5 target lesions at baseline; ${baseline.length} given`);
  }
  checkIds(baseline, 'baseline');
  checkIds(followUp, 'followUp');
  const byId = new Map(followUp.map((l) => [l.id, l]));
  const unknown = followUp.filter((l) => !baseline.some((b) => b.id === l.id));
  if (unknown.length > 0) {
    throw new ToolInputError(
      `follow-up lesion(s) ${unknown.map((l) => `"${l.id}"`).join(', ')} are not baseline targets; a lesion first seen at follow-up is a new lesion (set newLesions: true)`
    );
  }
  const missing = baseline.filter((l) => !byId.has(l.id));
  if (missing.length > 0) {
    throw new ToolInputError(
      `baseline target(s) ${missing.map((l) => `"${l.id}"`).join(', ')} have no follow-up measurement; give 0 mm for a lesion that disappeared`
    );
  }
  const zero = baseline.filter((l) => l.diameterMm <= 0);
  if (zero.length > 0) throw new ToolInputError(`baseline target(s) ${zero.map((l) => l.id).join(', ')} measure 0 mm`);

  const warnings = baselineWarnings(baseline);
  const perLesion: LesionChange[] = baseline.map((b) => {
    const f = byId.get(b.id)!;
    const node = b.isLymphNode === true;
    if (f.isLymphNode !== undefined && f.isLymphNode !== node) {
      warnings.push(`${b.id}: isLymphNode differs between time points; the baseline's (${node}) was used`);
    }
    const status = node
      ? f.diameterMm < 10
        ? 'normal-node'
        : 'present'
      : f.diameterMm === 0
        ? 'disappeared'
        : 'present';
    return {
      id: b.id,
      ...(b.site ? { site: b.site } : {}),
      isLymphNode: node,
      baselineMm: b.diameterMm,
      followUpMm: f.diameterMm,
      changeMm: r1(f.diameterMm - b.diameterMm),
      changePct: r1(((f.diameterMm - b.diameterMm) / b.diameterMm) * 100),
      status,
    };
  });
  const baselineSum = perLesion.reduce((s, l) => s + l.baselineMm, 0);
  const followUpSum = perLesion.reduce((s, l) => s + l.followUpMm, 0);
  let nadir = input.nadirSumMm ?? baselineSum;
  if (nadir > baselineSum + EPS) {
    warnings.push(
      `nadirSumMm ${nadir} exceeds the baseline sum ${r1(baselineSum)}; the nadir includes baseline, so the baseline sum was used`
    );
    nadir = baselineSum;
  }
  if (input.newLesions === undefined || input.nonTargetProgression === undefined) {
    const unstated = [
      input.newLesions === undefined ? 'new lesions' : '',
      input.nonTargetProgression === undefined ? 'non-target progression' : '',
    ];
    warnings.push(
      `not stated: ${unstated.filter(Boolean).join(' and ')}; assumed absent (either alone makes the response PD)`
    );
  }

  const fromNadir = followUpSum - nadir;
  const fromNadirPct = nadir > 0 ? (fromNadir / nadir) * 100 : null;
  const fromBaselinePct = ((followUpSum - baselineSum) / baselineSum) * 100;
  const sumProgression = fromNadir >= 5 - EPS && (nadir === 0 || fromNadir >= 0.2 * nadir - EPS);
  const { category, rule } = decide(input, perLesion, {
    sumProgression,
    fromNadir,
    fromNadirPct,
    nadir,
    fromBaselinePct,
    partial: baselineSum - followUpSum >= 0.3 * baselineSum - EPS,
  });
  if (category === 'CR') {
    warnings.push(
      'overall CR also needs every non-target lesion gone and non-target nodes < 10 mm; only targets and the flags given were assessed'
    );
  }
  return {
    category,
    baselineSumMm: r1(baselineSum),
    followUpSumMm: r1(followUpSum),
    nadirSumMm: r1(nadir),
    changeFromBaselinePct: r1(fromBaselinePct),
    changeFromNadirPct: fromNadirPct === null ? null : r1(fromNadirPct),
    absoluteChangeFromNadirMm: r1(fromNadir),
    rule,
    perLesion,
    ...(input.areas ? { areaComparison: compareAreas(input.areas) } : {}),
    warnings,
  };
}

interface Changes {
  sumProgression: boolean;
  fromNadir: number;
  fromNadirPct: number | null;
  nadir: number;
  fromBaselinePct: number;
  partial: boolean;
}

/** PD first (any reason), then CR, PR, SD: the order RECIST's overall response table implies. */
function decide(input: RecistInput, lesions: LesionChange[], c: Changes): { category: RecistCategory; rule: string } {
  const pct = c.fromNadirPct === null ? 'from a nadir of 0' : `${signed(c.fromNadirPct)} %`;
  const pd: string[] = [];
  if (c.sumProgression) {
    pd.push(
      `sum of diameters rose ${signed(c.fromNadir)} mm (${pct}) above the nadir of ${r1(c.nadir)} mm: at least 20 % and 5 mm`
    );
  }
  if (input.newLesions) pd.push('new lesion(s) reported');
  if (input.nonTargetProgression) pd.push('unequivocal progression of non-target lesions');
  if (pd.length > 0) return { category: 'PD', rule: `PD: ${pd.join('; ')}` };
  if (lesions.every((l) => l.status !== 'present')) {
    return {
      category: 'CR',
      rule: 'CR: every non-nodal target lesion disappeared and every target lymph node has a short axis < 10 mm',
    };
  }
  if (c.partial) {
    return {
      category: 'PR',
      rule: `PR: sum of diameters ${signed(c.fromBaselinePct)} % from baseline: a decrease of at least 30 %`,
    };
  }
  const nadirText = `${signed(c.fromNadir)} mm${c.fromNadirPct === null ? '' : ` / ${signed(c.fromNadirPct)} %`}`;
  return {
    category: 'SD',
    rule: `SD: ${signed(c.fromBaselinePct)} % from baseline (PR needs a 30 % decrease) and ${nadirText} from the nadir (PD needs +20 % and +5 mm)`,
  };
}
