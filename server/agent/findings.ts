// Assembles the workup's findings: what the record states (biomarkers, alterations), what the tools measured,
// predicted and matched, and the conflicts between them; every finding carries its citation tokens.

import type { Finding, FindingKind, WorkupToolCall } from '../../common/contracts';
import { findConflicts } from './conflicts';
import { toolFindings } from './findings-tools';
import type { RecordFacts } from './record/facts';

const ORDER: FindingKind[] = ['response', 'biomarker', 'alteration', 'therapy', 'score', 'stage', 'conflict'];
const when = (date?: string): string => (date ? ` (${date})` : '');

function recordFindings(facts: RecordFacts): Finding[] {
  const b = facts.biomarkers;
  const out: Finding[] = [];
  for (const m of b.msi) {
    out.push({
      kind: 'biomarker',
      text: `MSI status ${m.status}${m.method ? ` by ${m.method}` : ''}${when(m.date)}, as reported.`,
      sources: [`record:${m.ref}`],
    });
  }
  for (const m of b.mmr) {
    const words = m.status === 'pMMR' ? 'proficient (pMMR)' : 'deficient (dMMR)';
    out.push({
      kind: 'biomarker',
      text: `Mismatch repair immunohistochemistry ${words}${when(m.date)}.`,
      sources: [`record:${m.ref}`],
    });
  }
  for (const t of b.tmb) {
    out.push({
      kind: 'biomarker',
      text: `Tumour mutational burden ${t.value} mutations/Mb (${t.high ? 'high, ≥ 10' : 'low, < 10'})${when(t.date)}.`,
      sources: [`record:${t.ref}`],
    });
  }
  for (const v of b.variants) {
    const caveat = v.verified ? '' : ' Not verified (preliminary or reported without a test report).';
    if (!v.present) {
      out.push({
        kind: 'biomarker',
        text: `${v.gene}: no variant detected${when(v.date)}.${caveat}`,
        sources: [`record:${v.ref}`],
      });
      continue;
    }
    const what =
      v.alteration === 'fusion' ? `${v.partner ? `${v.partner}::` : ''}${v.gene} fusion` : `${v.gene} ${v.alteration}`;
    out.push({ kind: 'alteration', text: `${what} detected${when(v.date)}.${caveat}`, sources: [`record:${v.ref}`] });
  }
  return out;
}

/**
 * All findings of a workup, grouped by kind (response, biomarker, alteration, therapy, score, stage, conflict).
 * @param facts - The record's facts.
 * @param calls - The finished calls.
 * @returns The findings.
 */
export function buildFindings(facts: RecordFacts, calls: WorkupToolCall[]): Finding[] {
  const all = [...recordFindings(facts), ...toolFindings(calls, facts), ...findConflicts(facts.biomarkers, calls)];
  return all.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}
