// Groups the workup's findings for the report (conflicts first) and finds what each one rests on: evidence level
// badges for therapies, and whether a finding stands on a demo model's prediction.
import type { Finding, FindingKind, WorkupToolCall } from '../../common/contracts';
import type { Level } from '../../common/contracts/tools';
import { parseCitationToken } from '../../common/workup/citations';
import { actionabilityOf, predictionsOf } from './tool-views';

/** Report order: conflicts need a decision before anything else is discussed. */
export const FINDING_GROUPS: { kind: FindingKind; title: string }[] = [
  { kind: 'conflict', title: 'Conflicts to resolve' },
  { kind: 'response', title: 'Response' },
  { kind: 'biomarker', title: 'Biomarkers' },
  { kind: 'alteration', title: 'Alterations' },
  { kind: 'therapy', title: 'Matched therapies' },
  { kind: 'score', title: 'Scores' },
  { kind: 'stage', title: 'Stage' },
];

export interface FindingGroup {
  kind: string;
  title: string;
  findings: Finding[];
}

/**
 * Groups findings by kind in report order; kinds this app does not know go last under "Other findings".
 * @param findings - The workup's findings, in the order the workup made them.
 * @returns The non-empty groups.
 */
export function groupFindings(findings: Finding[]): FindingGroup[] {
  const known = new Set<string>(FINDING_GROUPS.map((g) => g.kind));
  const groups: FindingGroup[] = FINDING_GROUPS.map((g) => ({
    ...g,
    findings: findings.filter((f) => f.kind === g.kind),
  }));
  groups.push({ kind: 'other', title: 'Other findings', findings: findings.filter((f) => !known.has(f.kind)) });
  return groups.filter((g) => g.findings.length > 0);
}

/** OncoKB-style levels in words, for the badge's tooltip. */
export const LEVEL_MEANING: Record<Level, string> = {
  '1': 'Level 1: FDA-recognised biomarker predicting response in this tumour type',
  '2': 'Level 2: standard care biomarker in this tumour type (guidelines)',
  '3A': 'Level 3A: compelling clinical evidence in this tumour type',
  '3B': 'Level 3B: standard care or clinical evidence in another tumour type',
  '4': 'Level 4: compelling biological evidence',
  R1: 'Level R1: standard care biomarker predicting resistance',
  R2: 'Level R2: compelling clinical evidence of resistance',
};

const LEVEL_IN_TEXT = /\b(?:evidence\s+)?level\s*:?\s*(1|2|3A|3B|4|R1|R2)\b/i;

function citedCalls(finding: Finding, toolCalls: WorkupToolCall[]): WorkupToolCall[] {
  return finding.sources.flatMap((token) =>
    (parseCitationToken(token) ?? []).flatMap((ref) =>
      ref.kind === 'tool' ? toolCalls.filter((c) => c.id === ref.id || c.tool === ref.id) : []
    )
  );
}

/**
 * The evidence level of a therapy finding: stated in its text, else that of a cited lookup's therapy it names.
 * @param finding - The finding.
 * @param toolCalls - The workup's tool calls.
 * @returns The level, or undefined when neither says.
 */
export function therapyLevel(finding: Finding, toolCalls: WorkupToolCall[]): Level | undefined {
  const stated = LEVEL_IN_TEXT.exec(finding.text)?.[1]?.toUpperCase();
  if (stated) {
    return stated as Level;
  }
  const text = finding.text.toLowerCase();
  for (const call of citedCalls(finding, toolCalls)) {
    const view = actionabilityOf(call);
    const named = [...(view?.therapies ?? []), ...(view?.resistance ?? [])].find((t) =>
      t.drugs.some((d) => text.includes(d.toLowerCase()))
    );
    if (named) {
      return named.level;
    }
  }
  return undefined;
}

/**
 * Whether a finding cites a prediction by a demo model (so it must carry the demo label too).
 * @param finding - The finding.
 * @param toolCalls - The workup's tool calls.
 * @returns True when a cited predict_biomarkers call used a demo model.
 */
export function citesDemoModel(finding: Finding, toolCalls: WorkupToolCall[]): boolean {
  return citedCalls(finding, toolCalls).some((c) => predictionsOf(c)?.demo === true);
}
