// Contradictions a tumour board must resolve before acting: MSI status against MMR immunohistochemistry and TMB,
// repeated tests that disagree, and histology predictions against reported results. Each is a 'conflict' finding; a
// prediction that agrees with the reported result is stated as a 'biomarker' finding (the cross-check's outcome).

import type { Finding, WorkupToolCall } from '../../common/contracts';
import { predictBiomarkersContract, toolOutput } from '../../common/contracts/tools';
import type { MsiResult, RecordBiomarkers } from './record/biomarkers';

const rec = (ref: string): string => `record:${ref}`;
const dated = (what: string, date?: string): string => (date ? `${what} (${date})` : what);

function msiConflicts(b: RecordBiomarkers): Finding[] {
  const out: Finding[] = [];
  const high = b.msi.filter((m) => m.status === 'MSI-H');
  const stable = b.msi.filter((m) => m.status === 'MSS');
  const pmmr = b.mmr.filter((m) => m.status === 'pMMR');
  const dmmr = b.mmr.filter((m) => m.status === 'dMMR');
  const lowTmb = b.tmb.filter((t) => !t.high);
  const describe = (m: MsiResult) => dated(`MSI-H${m.method ? ` by ${m.method}` : ''}`, m.date);
  for (const h of high) {
    const against = [
      ...pmmr.map((m) => ({
        ref: m.ref,
        text: dated('proficient mismatch repair on immunohistochemistry (pMMR)', m.date),
      })),
      ...lowTmb.map((t) => ({
        ref: t.ref,
        text: dated(`a low tumour mutational burden of ${t.value} mutations/Mb`, t.date),
      })),
      ...stable.map((m) => ({ ref: m.ref, text: dated('microsatellite stable (MSS) on another test', m.date) })),
    ];
    if (against.length === 0) continue;
    out.push({
      kind: 'conflict',
      text:
        `Reported ${describe(h)} disagrees with ${against.map((a) => a.text).join(' and ')}. MSI-H tumours usually show loss of ` +
        'a mismatch repair protein and a high TMB; confirm MSI/MMR status before it decides on immunotherapy.',
      sources: [rec(h.ref), ...against.map((a) => rec(a.ref))],
    });
  }
  for (const d of dmmr) {
    const against = stable;
    if (against.length === 0) continue;
    out.push({
      kind: 'conflict',
      text: `Deficient mismatch repair on immunohistochemistry${d.date ? ` (${d.date})` : ''} disagrees with microsatellite-stable results; confirm before treatment decisions.`,
      sources: [rec(d.ref), ...against.map((a) => rec(a.ref))],
    });
  }
  return out;
}

function variantConflicts(b: RecordBiomarkers): Finding[] {
  const genes = new Set(b.variants.map((v) => v.gene));
  return [...genes].flatMap((gene) => {
    const present = b.variants.filter((v) => v.gene === gene && v.present && v.alteration !== 'fusion');
    const absent = b.variants.filter((v) => v.gene === gene && !v.present);
    if (present.length === 0 || absent.length === 0) return [];
    return [
      {
        kind: 'conflict' as const,
        text: `${gene} is reported both mutated (${present.map((v) => v.alteration).join(', ')}) and without variant in another result; check which specimen and assay apply.`,
        sources: [...present, ...absent].map((v) => rec(v.ref)),
      },
    ];
  });
}

/** Reported results that say the same as a prediction (the workflow's cross-check reports agreement too). */
function agreement(b: RecordBiomarkers, target: string, positive: boolean): { ref: string; text: string }[] {
  if (target === 'MSI') {
    const same = positive ? ['MSI-H', 'dMMR'] : ['MSS', 'pMMR'];
    return [...b.msi, ...b.mmr].filter((m) => same.includes(m.status)).map((m) => ({ ref: m.ref, text: m.status }));
  }
  return b.variants
    .filter((v) => v.gene === target && v.alteration !== 'fusion' && v.present === positive)
    .map((v) => ({ ref: v.ref, text: v.present ? `${target} ${v.alteration}` : `${target} without variant` }));
}

function predictionConflicts(b: RecordBiomarkers, calls: WorkupToolCall[]): Finding[] {
  const out: Finding[] = [];
  for (const call of calls) {
    for (const p of toolOutput(call, predictBiomarkersContract.name)?.predictions ?? []) {
      let reported: { ref: string; text: string }[] = [];
      const positive = /MSI-H|mutated|V600E/.test(p.label);
      if (p.target === 'MSI') {
        reported = positive
          ? [...b.msi.filter((m) => m.status === 'MSS'), ...b.mmr.filter((m) => m.status === 'pMMR')].map((m) => ({
              ref: m.ref,
              text: m.status,
            }))
          : [...b.msi.filter((m) => m.status === 'MSI-H'), ...b.mmr.filter((m) => m.status === 'dMMR')].map((m) => ({
              ref: m.ref,
              text: m.status,
            }));
      } else {
        const gene = p.target;
        reported = b.variants
          .filter((v) => v.gene === gene && v.alteration !== 'fusion' && v.present !== positive)
          .map((v) => ({ ref: v.ref, text: v.present ? `${gene} ${v.alteration}` : `${gene} without variant` }));
      }
      if (reported.length === 0) {
        const agreeing = agreement(b, p.target, positive);
        if (agreeing.length)
          out.push({
            kind: 'biomarker',
            text: `The histology prediction (${p.label}) agrees with the reported ${agreeing.map((r) => r.text).join(', ')} (cross-check; the test result stands).`,
            sources: [`tool:${call.id}`, ...agreeing.map((r) => rec(r.ref))],
          });
        continue;
      }
      out.push({
        kind: 'conflict',
        text: `The histology prediction (${p.label}) disagrees with the reported ${reported.map((r) => r.text).join(', ')}; the reported test result takes precedence over a model prediction.`,
        sources: [`tool:${call.id}`, ...reported.map((r) => rec(r.ref))],
      });
    }
  }
  return out;
}

/**
 * Every conflict between biomarker results of the record and the workup's predictions, and each prediction's
 * agreement with a reported result.
 * @param b - The record's molecular results.
 * @param calls - The workup's calls (predictions are compared with the record).
 * @returns Conflict findings, then agreement findings of the cross-checks.
 */
export function findConflicts(b: RecordBiomarkers, calls: WorkupToolCall[]): Finding[] {
  return [...msiConflicts(b), ...variantConflicts(b), ...predictionConflicts(b, calls)];
}
