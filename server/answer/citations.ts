// Citation tokens of the answer: what a statement may cite (guideline passage n, tool call, record resource), how
// they are written in the answer markdown ("[3]", "[1, 2]", "[Tool:c1]", "[Record:Observation/o1]", the forms the
// app's citation reader understands), and whether each one names something that exists.
import type { EvidenceItem, Finding, WorkupToolCall } from '../../common/contracts';

/** A citation as a statement carries it: a passage number, `tool:<callId>` or `record:<Type>/<id>`. */
export type Citation = number | string;

// Resource types a patient record holds; a whitelist keeps units such as "[Mass/volume]" from reading as references.
const TYPES =
  'Patient|Condition|Observation|MedicationRequest|MedicationStatement|MedicationAdministration|Medication|Procedure|' +
  'DiagnosticReport|ImagingStudy|DocumentReference|Media|Specimen|Encounter|AllergyIntolerance|CarePlan|Immunization|' +
  'FamilyMemberHistory|QuestionnaireResponse|Practitioner|PractitionerRole|Organization|Device|Binary|Endpoint';
const RECORD_REF = new RegExp(`^(?:${TYPES})/[A-Za-z0-9\\-.]{1,64}$`);
const REF_IN_TEXT = new RegExp(`\\b((?:${TYPES})/[A-Za-z0-9\\-.]{1,64})(?=[\\]\\s,;)]|$)`, 'g');

/**
 * Reads one citation as a model or a finding may write it: "3", "[3]", "Source 3", "source:3", "Tool:c1",
 * "tool:c1", "Record:Observation/o1", or a bare "Observation/o1".
 * @param raw - The token.
 * @returns The normalised citation, or undefined when it is not one.
 */
export function parseCitation(raw: string): Citation | undefined {
  const t = raw
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .trim();
  const n = /^(?:source\s*:?\s*)?(\d{1,3})$/i.exec(t);
  if (n) return Number(n[1]);
  const named = /^(tool|record)\s*:\s*(\S+)$/i.exec(t);
  if (named) return `${named[1]!.toLowerCase()}:${named[2]}`;
  if (RECORD_REF.test(t)) return `record:${t}`;
  return undefined;
}

/**
 * The markers for a statement's citations: passage numbers in one bracket, each tool or record in its own.
 * @param citations - The citations.
 * @returns e.g. "[1, 3] [Tool:c2] [Record:Observation/o1]" (empty when there are none).
 */
export function markers(citations: Citation[]): string {
  const numbers = [...new Set(citations.filter((c): c is number => typeof c === 'number'))];
  const named = [...new Set(citations.filter((c): c is string => typeof c === 'string'))].map(
    (c) => `[${c.replace(/^tool:/, 'Tool:').replace(/^record:/, 'Record:')}]`
  );
  return [...(numbers.length ? [`[${numbers.join(', ')}]`] : []), ...named].join(' ');
}

/**
 * Makes text safe to place beside markers: brackets become parentheses, so numbers such as a lesion box
 * "[122, 237, 166, 276]" are never read as citations, and emphasis characters are dropped.
 * @param text - Finding, quote or model text.
 * @returns One line of plain text.
 */
export function plain(text: string): string {
  return text.replace(/\[/g, '(').replace(/\]/g, ')').replace(/[*`]/g, '').replace(/\s+/g, ' ').trim();
}

/** What citations are checked against. */
export interface CitationContext {
  evidence: EvidenceItem[];
  toolCalls: WorkupToolCall[];
  /** Every `Type/id` of the record the workup saw (from the summary and the findings). */
  recordRefs: Set<string>;
}

/**
 * The record references an answer may cite: every `Type/id` in the record summary and in the findings' sources.
 * @param summary - The record summary (references in brackets).
 * @param findings - The findings.
 * @returns The set of `Type/id`.
 */
export function recordRefsOf(summary: string, findings: Finding[]): Set<string> {
  const refs = new Set<string>();
  for (const m of summary.matchAll(REF_IN_TEXT)) refs.add(m[1]!);
  for (const f of findings) for (const s of f.sources) if (s.startsWith('record:')) refs.add(s.slice(7));
  return refs;
}

/**
 * Why a citation does not resolve, or undefined when it names an existing passage, tool call or record resource.
 * @param citation - The citation.
 * @param ctx - Evidence, tool calls and record references.
 * @returns The problem in words.
 */
export function citationProblem(citation: Citation, ctx: CitationContext): string | undefined {
  if (typeof citation === 'number') {
    return ctx.evidence.some((e) => e.n === citation) ? undefined : `source [${citation}] does not exist`;
  }
  if (citation.startsWith('tool:')) {
    const id = citation.slice(5);
    return ctx.toolCalls.some((c) => c.id === id) ? undefined : `tool call ${id} does not exist`;
  }
  if (citation.startsWith('record:')) {
    const ref = citation.slice(7);
    return ctx.recordRefs.has(ref) ? undefined : `record item ${ref} is not in the patient's record`;
  }
  return `"${citation}" is not a citation`;
}
