// Which tumour-board options apply to a patient: an option is shown only when every fact it is conditioned on holds;
// one the patient's known biomarkers exclude is kept as "not for this patient"; a missing deciding fact is named.
import type { MarkerName, PatientFacts } from '../patient-facts';
import { COLORECTAL } from './colorectal';
import { HPB } from './hpb';
import type { DecisionOption } from './types';
import { UPPER_GI } from './upper-gi';

/** The whole decision table. */
export const OPTIONS: DecisionOption[] = [...COLORECTAL, ...HPB, ...UPPER_GI];

export interface OptionSelection {
  shown: DecisionOption[];
  /** Options for a biomarker group the patient is not in, with the record's result that excludes them. */
  notFor: { option: DecisionOption; because: string }[];
  /** Deciding facts the record lacks, e.g. "RAS status is not in the record: anti-EGFR eligibility cannot be judged." */
  missing: string[];
  /** Whether the table has options for the patient's tumour at all. */
  covered: boolean;
}

/** Markers as the missing-fact lines name them. */
const LABEL: Record<MarkerName, string> = {
  RAS: 'RAS (KRAS/NRAS) mutation status',
  'KRAS G12C': 'KRAS G12C status',
  'BRAF V600E': 'BRAF V600E mutation status',
  'MSI-H/dMMR': 'MSI/MMR (microsatellite instability, mismatch repair) status',
  HER2: 'HER2 status',
  BRCA: 'BRCA1/2 or PALB2 status',
  FGFR2: 'FGFR2 fusion status',
  IDH1: 'IDH1 mutation status',
};

const list = (xs: Set<string>): string => {
  const a = [...xs];
  return a.length > 1 ? `${a.slice(0, -1).join(', ')} and ${a[a.length - 1]}` : (a[0] ?? '');
};

/** The facts other than biomarkers: `fail` when one contradicts, else the missing ones. */
function context(o: DecisionOption, p: PatientFacts): { fail: boolean; missing: string[] } {
  const w = o.when;
  const missing: string[] = [];
  let fail = false;
  if (w.setting) {
    if (!p.setting)
      missing.push('Stage or disease setting is not in the record: the treatment options cannot be matched to it.');
    else fail ||= !w.setting.includes(p.setting);
    // Progression after the resection is a recurrence: options for localized disease (adjuvant) no longer apply.
    if (p.resected && p.progression && w.setting.every((s) => s === 'localized')) fail = true;
  }
  // Adjuvant therapy needs a resection on record; surgery-first and neoadjuvant options only apply before one.
  if (w.resected !== undefined) fail ||= w.resected !== (p.resected === true);
  if (w.t) fail ||= !p.tCategory || !w.t.includes(p.tCategory.replace(/^[a-z]+/, '').replace(/[a-d]$/, ''));
  if (w.lines) fail ||= !w.lines.includes(Math.min(p.decisionLine, 3));
  if (w.bowel) fail ||= p.bowel !== w.bowel;
  if (w.stage) {
    if (!p.stageGroup) {
      if (p.setting) missing.push('The stage group is not in the record: stage-based options cannot be judged.');
      else fail = true;
    } else fail ||= !w.stage.includes(p.stageGroup.replace(/[ABC]\d?$/, ''));
  }
  if (w.bclc) {
    if (!p.bclc) missing.push('The BCLC stage is not established: HCC treatment allocation cannot be judged.');
    else fail ||= !w.bclc.includes(p.bclc);
  }
  if (w.sitesOnly) fail ||= p.metastasisSites.length === 0 || p.metastasisSites.some((s) => !w.sitesOnly!.includes(s));
  if (w.side && !fail && missing.length === 0) {
    if (!p.side)
      missing.push(
        `The primary tumour side is not in the record: ${o.decides ?? 'the first-line antibody'} cannot be judged.`
      );
    else fail ||= p.side !== w.side;
  }
  return { fail, missing };
}

/**
 * Selects the options of the decision table for a patient.
 * @param p - The patient's facts.
 * @param table - The decision table (default: all tumours).
 * @returns Shown options, options excluded by a known biomarker, and the missing deciding facts.
 */
export function selectOptions(p: PatientFacts, table: DecisionOption[] = OPTIONS): OptionSelection {
  const out: OptionSelection = { shown: [], notFor: [], missing: [], covered: false };
  const missing = new Set<string>();
  // Per marker not known (or discordant): what it leaves undecided, so each marker is named once.
  const undecided = new Map<string, Set<string>>();
  for (const o of table) {
    if (!p.tumour.has(o.tumour)) continue;
    out.covered = true;
    const ctx = context(o, p);
    if (ctx.fail) continue;
    if (ctx.missing.length) {
      for (const m of ctx.missing) missing.add(m);
      continue;
    }
    const unknown: string[] = [];
    const against: string[] = [];
    for (const [name, wants] of Object.entries(o.when.markers ?? {}) as [MarkerName, string][]) {
      const s = p.markers[name];
      if (!s) unknown.push(`${LABEL[name]} is not in the record`);
      else if (s.status === 'discordant') unknown.push(`${LABEL[name]} results disagree (${s.detail})`);
      else if (s.status === 'partial') unknown.push(`${LABEL[name]} is incomplete (${s.detail})`);
      else if (s.status !== wants) against.push(s.detail);
    }
    if (against.length) {
      if (unknown.length === 0) out.notFor.push({ option: o, because: [...new Set(against)].join(', ') });
    } else if (unknown.length) {
      for (const u of unknown) undecided.set(u, (undecided.get(u) ?? new Set()).add(o.decides ?? 'the regimen'));
    } else out.shown.push(o);
  }
  out.missing = [...missing, ...[...undecided].map(([u, what]) => `${u}: ${list(what)} cannot be judged.`)];
  return out;
}
