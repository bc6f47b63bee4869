// From the recorded results (recorded-markers.ts) to the biomarker groups guidelines condition on (RAS mutant,
// KRAS G12C, BRAF V600E, MSI-H/dMMR, HER2, …) and to the per-test answer of the "what is missing" list — both from the
// same results, so a status the options use is never listed as missing and one listed as missing is never used.
import type { Finding } from '../../common/contracts';
import type { MarkerName, MarkerStatus, RecordedResult } from './recorded-markers';

export type MarkerGroups = Partial<Record<MarkerName, MarkerStatus>>;

const put = (m: MarkerGroups, name: MarkerName, s: MarkerStatus) => {
  const old = m[name];
  if (!old) m[name] = s;
  else if (old.status === s.status) old.sources = [...new Set([...(old.sources ?? []), ...(s.sources ?? [])])];
  // RAS is mutant when either KRAS or NRAS is: a wild-type result for the other gene does not contradict it.
  else if (name === 'RAS' && s.status !== 'discordant' && old.status !== 'discordant')
    m[name] = s.status === 'positive' ? s : old;
  else
    m[name] = {
      status: 'discordant',
      detail: `${old.detail} / ${s.detail}`,
      sources: [...new Set([...(old.sources ?? []), ...(s.sources ?? [])])],
    };
};

const status = (r: RecordedResult, detail: string, positive = r.present): MarkerStatus => ({
  status: positive ? 'positive' : 'negative',
  detail: r.verified ? detail : `${detail} (unverified)`,
  sources: r.sources,
});

/** A specific protein change ("G12C") rather than a mutation of unknown change. */
const specific = (r: RecordedResult): boolean => /^[A-Z]\d+[A-Z*]$/.test(r.change ?? '');

/**
 * RAS from the wild-type KRAS and NRAS results, once every other result is in: a mutation (or a result for RAS as a
 * whole) decides on its own; wild-type KRAS and wild-type NRAS together make RAS wild-type; one of them alone leaves RAS
 * `partial`, naming the gene the record lacks — the options then call the anti-EGFR choice undecided, as the "what is
 * missing" list names that gene.
 */
function rasGroup(m: MarkerGroups, wildType: RecordedResult[]): void {
  if (wildType.length === 0) return;
  const genes = new Set(wildType.map((r) => r.gene));
  const both = genes.has('KRAS') && genes.has('NRAS');
  const verified = wildType.every((r) => r.verified);
  const sources = [...new Set(wildType.flatMap((r) => r.sources))];
  const gene = wildType[0]!.gene;
  const detail = both ? 'RAS wild-type' : `${gene} wild-type; ${gene === 'KRAS' ? 'NRAS' : 'KRAS'} not in the record`;
  const s: MarkerStatus = {
    status: both ? 'negative' : 'partial',
    detail: verified ? detail : `${detail} (unverified)`,
    sources,
  };
  if (!m.RAS) m.RAS = s;
  // A RAS result stated as a whole, or a mutation, already decides; a wild-type gene adds its sources to a RAS
  // wild-type statement and does not contradict a mutation of the other gene.
  else if (m.RAS.status === 'negative' && s.status !== 'partial') put(m, 'RAS', s);
  else if (m.RAS.status === 'negative') m.RAS.sources = [...new Set([...(m.RAS.sources ?? []), ...sources])];
}

/**
 * The groups a patient's results place them in (a histology prediction never does).
 * @param results - The recorded results.
 * @param findings - The findings (a conflict about MSI/MMR makes that group discordant).
 * @returns Group → status with the resources that state it.
 */
export function markerGroups(results: RecordedResult[], findings: Finding[]): MarkerGroups {
  const m: MarkerGroups = {};
  const rasWildType: RecordedResult[] = [];
  for (const r of results) {
    const g = r.gene;
    if ((g === 'KRAS' || g === 'NRAS') && !r.present && specific(r)) {
      // One variant not found ("KRAS G12C not detected") is not a wild-type gene.
      if (r.change === 'G12C') put(m, 'KRAS G12C', status(r, `KRAS ${r.change} not detected`));
    } else if ((g === 'KRAS' || g === 'NRAS') && !r.present) {
      // A wild-type gene: RAS wild-type needs both (anti-EGFR eligibility rests on extended RAS testing).
      rasWildType.push(r);
    } else if (g === 'KRAS' || g === 'NRAS' || g === 'RAS') {
      put(m, 'RAS', status(r, r.present ? r.words : 'RAS wild-type'));
      if (g === 'KRAS' && r.present && specific(r)) put(m, 'KRAS G12C', status(r, r.words, r.change === 'G12C'));
    } else if (g === 'BRAF') {
      // A mutation recorded without its change ("BRAF mutation") says nothing about V600E.
      if (!r.present || specific(r)) {
        const detail = !r.present && specific(r) ? `BRAF ${r.change} not detected` : r.words;
        put(m, 'BRAF V600E', status(r, detail, r.present && r.change === 'V600E'));
      }
    } else if (g === 'ERBB2') put(m, 'HER2', status(r, r.present ? 'HER2 positive' : 'HER2 negative'));
    else if (g === 'PALB2' || g.startsWith('BRCA')) put(m, 'BRCA', status(r, r.words));
    else if (g === 'FGFR2' || g === 'IDH1') put(m, g, status(r, r.words));
    else if (g === 'MSI') put(m, 'MSI-H/dMMR', status(r, r.words));
  }
  rasGroup(m, rasWildType);
  // A KRAS (or RAS) wild-type result rules out KRAS G12C; an NRAS result alone says nothing about KRAS.
  const kras = results.find((r) => (r.gene === 'KRAS' || r.gene === 'RAS') && !r.present && !specific(r));
  if (!m['KRAS G12C'] && kras && !results.some((r) => (r.gene === 'KRAS' || r.gene === 'RAS') && r.present))
    put(m, 'KRAS G12C', status(kras, kras.gene === 'KRAS' ? 'KRAS wild-type' : 'RAS wild-type'));
  if (findings.some((f) => f.kind === 'conflict' && /MSI|MMR|mismatch/.test(f.text)))
    m['MSI-H/dMMR'] = {
      status: 'discordant',
      detail: 'discordant MSI/MMR results',
      sources: m['MSI-H/dMMR']?.sources ?? [],
    };
  return m;
}

/** What the record holds for one test the tumour type calls for. */
export interface TestState {
  /** `known`: a result decides it; `partial`: a result exists but leaves the group undecided; `unknown`: none. */
  state: 'known' | 'partial' | 'unknown';
  /** For `partial`: what the result leaves open, e.g. "only KRAS G12C was tested". */
  why?: string;
  sources: string[];
}

/**
 * Whether a test the tumour type calls for has a result, for the "what is missing" list.
 * @param results - The recorded results.
 * @param genes - The genes (HGNC symbols, "MSI" for MSI/MMR) the test covers.
 * @returns Known, partial or unknown, with the resources that state it.
 */
export function testState(results: RecordedResult[], genes: string[]): TestState {
  const own = results.filter((r) => genes.includes(r.gene) || (r.gene === 'RAS' && genes.some((g) => /RAS$/.test(g))));
  const sources = [...new Set(own.flatMap((r) => r.sources))];
  if (own.length === 0) return { state: 'unknown', sources };
  // A gene-level result: any alteration found, or the whole gene without one.
  // A KRAS or BRAF mutation of unknown change leaves G12C or V600E (and so the targeted options) undecided; one RAS
  // variant not found is not a wild-type gene, while BRAF V600E not found decides the BRAF group.
  const decides = own.some((r) =>
    r.present
      ? specific(r) || !['KRAS', 'BRAF'].includes(r.gene) || r.change !== undefined
      : !specific(r) || r.gene === 'BRAF'
  );
  if (decides) return { state: 'known', sources };
  const single = own.find((r) => !r.present && specific(r));
  const why = single
    ? `only ${single.gene} ${single.change} was tested (not detected), not the whole gene`
    : `a ${own[0]!.gene} mutation is recorded without its protein change`;
  return { state: 'partial', why, sources };
}
