// The deterministic sub-queries (10–14) for guideline retrieval: the question, then one query per conflict,
// alteration, tumour type and line of therapy, response, score and stage, missing test and supportive-care topic,
// topped up with general questions a tumour board asks about the tumour type.

import type { Finding } from '../../common/contracts';
import { shortProtein } from '../../common/protein';
import { tokenize } from '../rag/lexical';
import { sidedness, supportiveTopics, therapyLine } from './query-parts';
import { parseSummary, type SummaryFacts } from './summary';
import type { AnswerInput } from './types';

export const MIN_SUB_QUERIES = 10;
export const MAX_SUB_QUERIES = 14;
/** Sub-queries are search text: a long question is cut (retrieval accepts up to 1,000 characters). */
const MAX_QUERY_CHARS = 300;

const SITE = /\b(liver|hepatic|lung|pulmonary|peritoneal|bone|brain|adrenal|ovarian|nodal)\b/i;

const clip = (q: string): string => {
  const flat = q.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_QUERY_CHARS ? flat.slice(0, MAX_QUERY_CHARS).replace(/\s\S*$/, '') : flat;
};

function conflictQuery(f: Finding): string {
  const t = f.text;
  if (/MSI-H/.test(t) && /proficient|pMMR/.test(t)) {
    const method = /MSI-H by ([^(,]+?)(?: \(|,| disagrees)/.exec(t)?.[1]?.trim();
    const tmb = /mutational burden/.test(t) ? ' and low tumour mutational burden' : '';
    return `how to reconcile discordant MSI-H${method ? ` by ${method}` : ''} and proficient MMR immunohistochemistry${tmb}`;
  }
  if (/deficient mismatch repair/i.test(t))
    return 'how to reconcile dMMR immunohistochemistry with microsatellite-stable results';
  if (/histology prediction/i.test(t))
    return 'histology-based biomarker prediction discordant with the reported test result';
  const gene = /^([A-Z0-9]+) is reported both/.exec(t)?.[1];
  return gene
    ? `${gene} discordant mutation results between specimens or assays`
    : `reconcile conflicting results: ${t}`;
}

function alterationQueries(findings: Finding[], tumour: string): string[] {
  const out: string[] = [];
  for (const f of findings.filter((x) => x.kind === 'alteration')) {
    const fusion = /^(?:([A-Z0-9]+)::)?([A-Z0-9]+) fusion/.exec(f.text);
    const point = /^([A-Z0-9]+) (\S+) detected/.exec(f.text);
    if (fusion) out.push(`${fusion[2]} fusion ${tumour} targeted therapy`);
    else if (point) out.push(`${point[1]} ${shortProtein(point[2]!)} mutation ${tumour} targeted therapy`);
  }
  return out;
}

function scoreQuery(f: Finding, tumour: string): string {
  const t = f.text;
  const cp = /Child-Pugh class ([ABC])/.exec(t);
  if (cp) return `Child-Pugh class ${cp[1]} liver function and treatment eligibility in ${tumour}`;
  const albi = /ALBI grade (\d)/.exec(t);
  if (albi) return `ALBI grade ${albi[1]} liver function in ${tumour}`;
  const bclc = /BCLC (0|A|B|C|D)\b/.exec(t);
  if (bclc) return `BCLC stage ${bclc[1]} hepatocellular carcinoma treatment allocation`;
  return `${t.split(':')[0]} interpretation in ${tumour}`;
}

function stageQuery(f: Finding): string {
  const m = /stage group (\S+) \(([^:]+): (\S+) (\S+) (\S+)\)/.exec(f.text);
  return m ? `AJCC 8th edition ${m[2]} stage ${m[1]} ${m[3]} ${m[4]} ${m[5]}` : f.text.split(';')[0]!;
}

function responseQueries(findings: Finding[], tumour: string): string[] {
  const recist = findings.find((f) => f.kind === 'response' && /^RECIST 1\.1: (CR|PR|SD|PD)/.test(f.text));
  const category = recist && /^RECIST 1\.1: (CR|PR|SD|PD) \(([^)]+)\)/.exec(recist.text);
  if (category) return [`RECIST 1.1 ${category[2]} criteria for target lesions in ${tumour}`];
  return findings.some((f) => f.kind === 'response') ? ['RECIST 1.1 target lesion measurement and response'] : [];
}

function managementQuery(facts: SummaryFacts, findings: Finding[], tumour: string): string[] {
  const progression =
    findings.some((f) => /^RECIST 1\.1: PD/.test(f.text)) ||
    facts.reports.some((r) => /progressi/i.test(r.conclusion)) ||
    facts.therapies.some((t) => /progressi/i.test(t.note));
  const line = therapyLine(facts.therapies, progression);
  if (!line && !facts.metastatic) {
    const stage = /\bstage\s+(0|I{1,3}V?[ABC]?\d?|IV[ABC]?)\b/i.exec(facts.stage ?? '')?.[1];
    return [`${stage ? `stage ${stage}` : 'localised'} ${tumour}: surgery and adjuvant or neoadjuvant therapy`];
  }
  if (!line) return [`first-line systemic therapy for ${tumour}`];
  if (line.ongoing) return [`${line.label}-line ${line.drugs.join(' ')} in ${tumour}: duration and maintenance`];
  return [`${line.label}-line therapy for ${tumour} after ${line.drugs.join(', ')}`];
}

function generalQueries(facts: SummaryFacts, tumour: string): string[] {
  const side = facts.tumourType === 'colorectal cancer' && facts.metastatic ? sidedness(facts.primaryText) : undefined;
  const sites = facts.conditions.flatMap((c) => {
    const site = /metasta/i.test(c.text) ? SITE.exec(c.text)?.[1]?.toLowerCase() : undefined;
    return site ? [site] : [];
  });
  const course = facts.metastatic
    ? [`first-line systemic therapy for ${tumour}`, `${tumour} later-line options and clinical trials`]
    : [
        `surgery and perioperative therapy for localised ${tumour}`,
        `surveillance after curative treatment of ${tumour}`,
      ];
  return [
    ...(side ? [`${side}-sided primary tumour sidedness and anti-EGFR benefit in ${tumour}`] : []),
    ...[...new Set(sites)].map((s) => `local treatment of ${s} metastases in ${facts.tumourType ?? tumour}`),
    `molecular testing and profiling recommended for ${tumour}`,
    ...course,
    ...(facts.ecog !== undefined ? [`ECOG performance status ${facts.ecog} and fitness for systemic therapy`] : []),
    `${tumour} follow-up and surveillance`,
    `${tumour} multidisciplinary tumour board management`,
    `${tumour} diagnosis and staging workup`,
    `${tumour} prognosis`,
    `supportive and palliative care in ${tumour}`,
  ];
}

/** Token-set Jaccard of two queries. */
function similarity(a: string, b: string): number {
  const [x, y] = [new Set(tokenize(a)), new Set(tokenize(b))];
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / Math.max(1, x.size + y.size - shared);
}

/**
 * Keeps distinct, non-blank queries in order, at most `max`.
 * @param queries - Candidate queries, most important first.
 * @param max - How many to keep.
 * @returns The kept queries.
 */
export function distinctQueries(queries: string[], max = MAX_SUB_QUERIES): string[] {
  const kept: string[] = [];
  for (const q of queries.map(clip)) {
    if (tokenize(q).length === 0 || kept.some((k) => similarity(k, q) >= 0.8)) continue;
    kept.push(q);
    if (kept.length >= max) break;
  }
  return kept;
}

/**
 * The deterministic sub-queries of a workup.
 * @param input - Question, record summary, findings and tool calls.
 * @returns 10–14 queries, the question first.
 */
export function deterministicSubQueries(input: AnswerInput): string[] {
  const facts = parseSummary(input.patientSummary);
  const base = facts.tumourType ?? facts.primaryText ?? 'cancer';
  const tumour = facts.metastatic && !/metasta|advanced/i.test(base) ? `metastatic ${base}` : base;
  const f = input.findings;
  const candidates = [
    input.question.trim() || `${tumour} treatment options for the tumour board`,
    ...f.filter((x) => x.kind === 'conflict').map(conflictQuery),
    ...alterationQueries(f, tumour),
    ...(/MSI-H|dMMR/.test(facts.molecular) ? [`MSI-H or dMMR ${tumour} immunotherapy`] : []),
    ...managementQuery(facts, f, tumour),
    ...responseQueries(f, tumour),
    ...supportiveTopics(facts),
    ...f.filter((x) => x.kind === 'score').map((x) => scoreQuery(x, tumour)),
    ...f.filter((x) => x.kind === 'stage').map(stageQuery),
    ...(f.some((x) => /Predicted from histology/.test(x.text))
      ? [`testing MSI, KRAS and BRAF status in ${tumour} before treatment`]
      : []),
    ...generalQueries(facts, tumour),
  ];
  const queries = distinctQueries(candidates);
  // The general questions give more than MIN_SUB_QUERIES distinct candidates; this guards against a pathological summary.
  for (let i = 1; queries.length < MIN_SUB_QUERIES; i++) queries.push(`${tumour} guideline recommendations ${i}`);
  return queries;
}
