// What the workup could not establish: tools that could not run (with their reasons), tests the tumour type calls for
// that the record lacks, results that are only predicted or unverified, unmeasured response, missing stage or ECOG.
// Each item carries what to do about it (the offline follow-up suggestions).
import type { Finding } from '../../common/contracts';
import type { Citation } from './citations';
import { testState } from './marker-groups';
import { resultsOf } from './recorded-markers';
import type { SummaryFacts } from './summary';
import type { AnswerInput } from './types';

export interface MissingItem {
  text: string;
  citations: Citation[];
  /** What to test, ask or obtain next. */
  suggestion: string;
  /** For a missing test: the term a guideline passage on it contains, to cite that passage. */
  term?: RegExp;
}

interface Marker {
  label: string;
  /** Words a guideline passage on the test contains (and, for a test without genes, a result in the record). */
  present: RegExp;
  /** The genes the test covers (HGNC symbols, "MSI" for MSI/MMR), read through recorded-markers like the options. */
  genes?: string[];
  /** Only in advanced (metastatic or unresectable) disease. */
  advanced?: boolean;
  /** Not asked for in a RAS-mutant tumour (HER2 is tested in RAS wild-type colorectal cancer). */
  unlessRasMutant?: boolean;
  /** What to do, when it is not tumour testing. */
  suggestion?: string;
}

const MSI: Marker = {
  label: 'MSI/MMR',
  present: /\bMSI\b|\bMMR\b|mismatch repair|microsatellite/i,
  genes: ['MSI'],
};
const gene = (label: string, advanced = true, alias = label, genes = [label]): Marker => ({
  label,
  present: new RegExp(`\\b(${alias})\\b`, 'i'),
  advanced,
  genes,
});

/** Tests the guidelines in the corpus ask for, by tumour type (matched on the agent's tumour type label). */
const REQUIRED: { tumour: RegExp; markers: Marker[] }[] = [
  {
    tumour: /colorectal/i,
    markers: [
      MSI,
      gene('KRAS'),
      gene('NRAS'),
      gene('BRAF'),
      { ...gene('HER2', true, 'HER2|ERBB2', ['ERBB2']), unlessRasMutant: true },
    ],
  },
  {
    tumour: /pancrea/i,
    markers: [
      MSI,
      gene('KRAS'),
      {
        ...gene('BRCA1/2 or PALB2', false, 'BRCA1|BRCA2|BRCA|PALB2', ['BRCA1', 'BRCA2', 'PALB2']),
        suggestion:
          'Offer germline testing (BRCA1/2, PALB2 and other cancer-susceptibility genes) and somatic testing.',
      },
    ],
  },
  {
    tumour: /cholangio|biliary|bile duct|gall ?bladder/i,
    markers: [MSI, gene('IDH1'), gene('FGFR2'), gene('HER2', true, 'HER2|ERBB2', ['ERBB2']), gene('BRAF')],
  },
  {
    tumour: /gastric|oesophag|esophag/i,
    markers: [
      MSI,
      gene('HER2', true, 'HER2|ERBB2', ['ERBB2']),
      gene('PD-L1 CPS', true, 'PD-L1', []),
      gene('CLDN18.2', true, 'CLDN18', []),
    ],
  },
  {
    tumour: /lung/i,
    markers: ['EGFR', 'ALK', 'ROS1', 'BRAF', 'KRAS', 'MET', 'RET', 'NTRK'].map((g) => gene(g)),
  },
];

const RESPONSE_QUESTION = /grow|progress|respon|shrink|size|bigger|smaller|change|recist|measure/i;
const rec = (ref: string): string => `record:${ref}`;

function testItems(input: AnswerInput, facts: SummaryFacts): MissingItem[] {
  const required = REQUIRED.find((r) => r.tumour.test(facts.tumourType ?? ''))?.markers ?? [];
  // The same results the options table decides on (recorded-markers); only tests no gene reader knows (PD-L1 CPS,
  // CLDN18.2) are looked for by name in the results and labs.
  const results = resultsOf(facts, input.findings);
  const rasMutant = results.some((r) => /^[KN]?RAS$/.test(r.gene) && r.present);
  const named = [
    facts.molecular,
    ...facts.labs,
    ...input.findings
      .filter((f) => (f.kind === 'biomarker' || f.kind === 'alteration') && !f.text.startsWith('Predicted'))
      .map((f) => f.text),
  ].join(' ');
  const predictions = input.findings.filter((f) => f.text.startsWith('Predicted from histology'));
  const out: MissingItem[] = [];
  for (const m of required) {
    if ((m.advanced && !facts.metastatic) || (m.unlessRasMutant && rasMutant)) continue;
    const state = m.genes?.length ? testState(results, m.genes) : undefined;
    // A result only the labs hold (a HER2 IHC score as a number) is in the record: never say it is not.
    const inLabs = m.present.test(facts.labs.join(' '));
    if (state ? state.state === 'known' || (state.state === 'unknown' && inLabs) : m.present.test(named)) continue;
    const predicted = predictions.filter((f) => m.present.test(f.text.replace(/Predicted from histology: /, '')));
    const text =
      state?.state === 'partial'
        ? `${m.label}: ${state.why}; the full status is not in the record.`
        : predicted.length
          ? `${m.label}: no test result in the record, only a histology prediction (which does not replace testing).`
          : `${m.label} status is not in the record.`;
    out.push({
      text,
      citations: [...new Set([...(state?.sources ?? []), ...predicted.flatMap((f) => f.sources)])],
      suggestion: m.suggestion ?? `Test ${m.label} on tumour tissue before the treatment decision.`,
      term: m.present,
    });
  }
  return out;
}

function toolItems(input: AnswerInput): MissingItem[] {
  return input.toolCalls
    .filter((c) => c.status !== 'ok')
    .map((c) => {
      const why = (c.message ?? 'no reason given').replace(/\s+/g, ' ').slice(0, 300);
      return c.status === 'unavailable'
        ? {
            text: `${c.tool} could not run here: ${why}`,
            citations: [`tool:${c.id}`],
            suggestion: `Provide what ${c.tool} needs (${why}), or obtain that result another way.`,
          }
        : {
            text: `${c.tool} failed: ${why}`,
            citations: [`tool:${c.id}`],
            suggestion: `Check the input of ${c.tool} and run it again: ${why}`,
          };
    });
}

function recordItems(input: AnswerInput, facts: SummaryFacts): MissingItem[] {
  const out: MissingItem[] = [];
  for (const f of input.findings.filter((x: Finding) => /Not verified/.test(x.text))) {
    out.push({
      text: `${f.text.split(/ detected| Not verified/)[0]} is not verified (preliminary, or reported without a test report).`,
      citations: f.sources,
      suggestion: `Obtain the final test report for ${f.text.split(/ detected|:/)[0]}.`,
    });
  }
  const measured = input.findings.some((f) => f.kind === 'response');
  const imagingReports = facts.reports.filter((r) => /\b(CT|MRI?|PET)\b/.test(r.title));
  if (
    !measured &&
    facts.imaging.length === 0 &&
    imagingReports.length &&
    (facts.metastatic || RESPONSE_QUESTION.test(input.question))
  ) {
    out.push({
      text: 'Only the text of the imaging reports is in the record (no images), so the response was not measured.',
      citations: imagingReports.slice(0, 3).map((r) => rec(r.ref)),
      suggestion: 'Link the CT/MRI studies with the target lesions marked, so response can be measured (RECIST 1.1).',
    });
  } else if (!measured && RESPONSE_QUESTION.test(input.question)) {
    out.push({
      text: 'No baseline and follow-up images with marked target lesions, so change could not be measured.',
      citations: facts.imaging.map((i) => rec(i.ref)),
      suggestion: 'Provide baseline and follow-up imaging with the target lesions named in the reports.',
    });
  }
  if (!facts.stage && !input.findings.some((f) => f.kind === 'stage'))
    out.push({ text: 'No TNM stage in the record.', citations: [], suggestion: 'Record the clinical TNM stage.' });
  if (facts.ecog === undefined)
    out.push({
      text: 'No ECOG performance status in the record.',
      citations: [],
      suggestion: 'Record the ECOG performance status: it decides fitness for systemic therapy.',
    });
  return out;
}

/**
 * What is missing for the tumour board, most decision-relevant first.
 * @param input - The answer input.
 * @param facts - The parsed record summary.
 * @returns The items, each with a suggestion.
 */
export function missingInformation(input: AnswerInput, facts: SummaryFacts): MissingItem[] {
  return [...testItems(input, facts), ...recordItems(input, facts), ...toolItems(input)];
}

/** Checking eligibility for the best-levelled matched therapy of each therapy finding (levels 1–2 only). */
function therapySuggestions(findings: Finding[]): string[] {
  return findings.flatMap((f) => {
    const best = /(?:: |; )([^;()]+?) \(level (1|2)\b/.exec(f.text);
    if (f.kind !== 'therapy' || !best) return [];
    return [`Check eligibility for ${best[1]!.trim()} (level ${best[2]}) for ${f.text.split(' (')[0]}.`];
  });
}

/**
 * The offline follow-up suggestions: resolve conflicts, complete missing tests, confirm automated measurements,
 * check eligibility for matched therapies, then close the other gaps.
 * @param findings - The findings.
 * @param missing - The missing items.
 * @returns At most six suggestions.
 */
export function offlineSuggestions(findings: Finding[], missing: MissingItem[]): string[] {
  const conflicts = findings
    .filter((f) => f.kind === 'conflict')
    .map((f) =>
      /MSI-H/.test(f.text) && /mismatch repair|MMR/.test(f.text)
        ? 'Repeat MSI/MMR testing (MMR immunohistochemistry with MSI by PCR or NGS, on a recent specimen) before MSI-H decides on immunotherapy.'
        : `Resolve the conflict before acting: ${f.text.split(/(?<=\.)\s/)[0]}`
    );
  const tests = missing.filter((m) => m.term).map((m) => m.suggestion);
  const measured = findings.some((f) => f.kind === 'response' && /not a validated measurement/.test(f.text))
    ? ['Have a radiologist confirm the automated lesion measurements before they change treatment.']
    : [];
  const others = missing.filter((m) => !m.term).map((m) => m.suggestion);
  return [...new Set([...conflicts, ...tests, ...measured, ...therapySuggestions(findings), ...others])].slice(0, 6);
}
