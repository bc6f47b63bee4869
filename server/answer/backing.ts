// Whether a quoted guideline passage backs a statement of the answer, so that a citation always means "this is what
// the statement rests on". Not being excluded is not enough: a passage backs the answer when its heading places this
// patient in its scope (the patient's own biomarker group, disease setting and line of therapy), or when it is the
// reference text the question asks for (staging rules, a score's definition, response criteria). Passages that only
// fail to be excluded are shown as uncited further reading.
import type { EvidenceItem } from '../../common/contracts';
import { treatsRecordedProblem } from './general-scope';
import type { PatientFacts } from './patient-facts';
import { markersNamed, type QuestionIntent, questionIntent } from './question-intent';
import { MARKER_GROUPS } from './relevance';
import { tumourFit } from './tumour-fit';

type Passage = Pick<EvidenceItem, 'title' | 'section'>;

/** Reference topics and what a question says when it asks for them. */
const ASKED: {
  topic: (e: Passage) => boolean;
  asks: (q: string, p: PatientFacts, i: QuestionIntent) => boolean;
  why: string;
}[] = [
  // Of the response criteria, the rules that make the call (target-lesion thresholds, overall response); the
  // sibling rules (non-target, new lesions, confirmation, measurability, nodes) only when the question names them.
  // Either only when the question asks whether the disease changed: once progression is the premise of a "what
  // next?" question, the criteria decide nothing the answer says.
  {
    topic: (e) =>
      /RECIST/i.test(`${e.title} ${e.section}`) && /target lesion response|overall response at/i.test(e.section),
    asks: (_q, _p, i) => i.response,
    why: 'response criteria for a response question',
  },
  {
    topic: (e) => /RECIST/i.test(`${e.title} ${e.section}`),
    asks: (q, _p, i) =>
      i.response &&
      /non-?target|new lesion|new metasta|confirm|measurab|lymph node|\bnodes?\b|pet\b|best overall/i.test(q),
    why: 'the response rule the question names',
  },
  {
    topic: (e) => /\bAJCC\b|\bCAP\b/.test(e.title) || /\b[TNM] category|stage groups?|TNM/i.test(e.section),
    asks: (q) => /\bstag(e|ing)\b|\btnm\b|\b[yp]?[pc]?[TNM][0-4x]\b|patholog|margin|lymph node/i.test(q),
    why: 'staging rules for a staging question',
  },
  {
    topic: (e) => /Child-Pugh|\bALBI\b|liver function/i.test(e.section),
    asks: (q, p) => p.tumour.has('hcc') || /child|pugh|albi|liver function|cirrho/i.test(q),
    why: 'liver function decides eligibility',
  },
  { topic: (e) => /\bMELD\b/.test(e.section), asks: (q) => /\bMELD\b|transplant/i.test(q), why: 'MELD was asked' },
  // A dosing formula answers a dosing question only: naming the drug a patient had is not asking for its dose.
  {
    topic: (e) => /Calvert|carboplatin/i.test(e.section),
    asks: (q, _p, i) => /calvert|\bAUC\b/i.test(q) || (i.dose && /carboplatin/i.test(q)),
    why: 'carboplatin dosing was asked',
  },
  {
    topic: (e) => /body surface|\bBSA\b|obesity|capping/i.test(e.section),
    asks: (_q, _p, i) => i.dose,
    why: 'a dose was asked',
  },
  {
    topic: (e) => /Cockcroft|creatinine clearance|cisplatin eligibility|renal function/i.test(e.section),
    asks: (q, _p, i) => i.dose || /renal|kidney|creatinine|clearance|\bGFR\b|cisplatin/i.test(q),
    why: 'a dose or renal eligibility was asked',
  },
  {
    topic: (e) => /Karnofsky/i.test(e.section),
    asks: (q, p) => p.karnofskyOnly === true || /karnofsky/i.test(q),
    why: 'performance status is recorded as Karnofsky only',
  },
  {
    topic: (e) => /\bECOG\b|Karnofsky|performance status/i.test(e.section),
    asks: (q) => /ecog|karnofsky|performance|\bfit(ness)?\b|frail/i.test(q),
    why: 'fitness was asked',
  },
];

const METASTATIC = /metasta|\bm(crc|pc)\b|\badvanced\b|unresectable|palliative|systemic therapy by line/i;
const LOCALLY_ADVANCED = /locally advanced|neoadjuvant|borderline|conversion|unresectable/i;
const TESTING = /\btesting\b|profiling|work-?up|\bscoring\b/i;
/** A curative-intent treatment decision (not surveillance, surgical technique or work-up). */
const CURATIVE_TREATMENT =
  /adjuvant|perioperative|chemoradiotherapy|short-course|watch and wait|organ preservation|curative-intent|resection for|ablation/i;
/** Sections that describe rather than decide: never the ground of a statement unless the question names them. */
const DESCRIPTIVE = /side effects|toxicit|adverse|overview|subtypes|epidemiolog|background|history/i;

function lineOf(heading: string): number | undefined {
  // Sidedness decides the first-line antibody: its evidence is first-line evidence.
  if (/\bfirst[- ]line|maintenance|induction|sidedness/i.test(heading)) return 1;
  if (/\bsecond[- ]line/i.test(heading)) return 2;
  if (/\bthird[- ]line|later[- ]line|refractory|rechallenge/i.test(heading)) return 3;
  return undefined;
}

function settingFits(heading: string, p: PatientFacts, question: string): boolean {
  const text = heading.replace(/locally advanced/gi, (m) => (p.setting === 'locally advanced' ? m : ''));
  if (p.tumour.has('hcc') && p.bclc) {
    if (/intermediate|\bTACE\b/i.test(heading)) return p.bclc === 'B';
    if (/early-stage|ablation|transplant|milan|resection/i.test(heading)) return ['0', 'A'].includes(p.bclc);
  }
  // In metastatic disease a section that names neither the line nor the patient's group is an alternative the answer
  // does not propose (local treatments, other sites): further reading, unless an option line cites it.
  if (p.setting === 'metastatic') return false;
  if (p.setting === 'locally advanced') return LOCALLY_ADVANCED.test(heading);
  if (p.setting === 'localized') {
    // After a recurrence the curative-intent text of the first treatment backs nothing.
    if (p.resected && p.progression) return false;
    if (!CURATIVE_TREATMENT.test(heading) || METASTATIC.test(text)) return false;
    // Adjuvant text after the resection, pre-operative text before it.
    const adjuvant = /\badjuvant/i.test(heading.replace(/neoadjuvant/gi, ''));
    const preoperative = /neoadjuvant|perioperative|short-course|total neoadjuvant|watch and wait|organ preservation/i;
    const after = p.resected || /\badjuvant/i.test(question.replace(/neoadjuvant/gi, ''));
    return after ? adjuvant || /perioperative/i.test(heading) : preoperative.test(heading) || !adjuvant;
  }
  return false;
}

/** The biomarker groups a heading is scoped to: true when the patient is in each, false when one is unknown. */
function inGroups(heading: string, p: PatientFacts): boolean | undefined {
  let named = false;
  for (const g of MARKER_GROUPS) {
    if (!g.re.test(heading)) continue;
    named = true;
    const side = /\bor (left|right)-sided/i.exec(heading)?.[1];
    if (side && p.side === side) continue;
    if (p.markers[g.marker]?.status !== g.wants) return false;
  }
  const side = /\b(left|right)-sided\b/i.exec(heading)?.[1];
  if (side && !/\bor (left|right)-sided/i.test(heading)) {
    named = true;
    if (p.side !== side) return false;
  }
  return named ? true : undefined;
}

/**
 * Why a passage that applies to the patient also backs the answer.
 * @param e - The passage (title and section heading).
 * @param p - The patient's facts.
 * @param question - The clinician's question ('' for a general workup).
 * @returns The reason it backs the answer, or undefined when it is only further reading.
 */
export function backsAnswer(e: Passage, p: PatientFacts, question: string): string | undefined {
  if (treatsRecordedProblem(e, p, question)) return 'supportive care for a recorded problem';
  // The answer states the conflict first; the text on reconciling it is what resolving it rests on.
  if (/reconcil|discordan/i.test(e.section) && Object.values(p.markers).some((m) => m?.status === 'discordant'))
    return 'how to resolve the recorded conflict';
  const intent = questionIntent(question);
  const reference = ASKED.find((r) => r.topic(e));
  if (reference) return reference.asks(question, p, intent) ? reference.why : undefined;
  if (tumourFit(e, p.tumour) <= 0) return undefined;
  // "Testing required before first-line treatment" is about the test, not about a line.
  const heading = e.section.replace(/\b(?:before|prior to)\s+\S+\s+(?:line\s+)?(?:treatment|therapy)\b/gi, '');
  if (DESCRIPTIVE.test(heading)) return DESCRIPTIVE.test(question) ? 'the question asks about it' : undefined;
  // Testing text answers a question about a test or a result, and only about the biomarkers the question names.
  if (TESTING.test(heading))
    return intent.testing && sameMarkers(heading, intent) ? 'testing, for a question about a test' : undefined;
  // BCLC staging places the patient when the stage is asked, or before the first decision while it is unknown; its
  // allocation backs the first treatment decision, not a response question or the choice of a later systemic line.
  if (p.tumour.has('hcc') && /\bBCLC\b/.test(heading)) {
    const first = !intent.response && p.decisionLine === 1;
    if (/allocation|treatment/i.test(heading))
      return first ? 'BCLC allocation for an HCC treatment decision' : undefined;
    return /\bstag(e|ing)\b|\bBCLC\b/i.test(question) || (!p.bclc && first)
      ? 'BCLC stage, not yet established or asked'
      : undefined;
  }
  const groups = inGroups(heading, p);
  if (groups === false) return undefined;
  // A question about one biomarker is not answered by the text of another biomarker group.
  if (groups && !sameMarkers(heading, intent)) return undefined;
  const line = lineOf(heading);
  // Maintenance follows induction: it backs a decision taken on first-line therapy, not the choice of the regimen.
  if (/maintenance/i.test(heading) && !p.ongoing && !/maintenance|de-?escalat|pause|break|holiday/i.test(question))
    return undefined;
  const advanced =
    p.setting === 'metastatic' ||
    p.setting === 'locally advanced' ||
    (p.tumour.has('hcc') && /^[CD]$/.test(p.bclc ?? ''));
  if (line !== undefined && advanced) {
    if (line !== Math.min(p.decisionLine, 3)) return undefined;
    return groups ? "the patient's group, setting and line" : "the patient's setting and line";
  }
  if (groups) return "the patient's biomarker group";
  return settingFits(heading, p, question) ? "the patient's disease setting" : undefined;
}

/** Whether a heading's biomarkers are among those the question names (any, when it names none or the heading none). */
function sameMarkers(heading: string, intent: QuestionIntent): boolean {
  const named = markersNamed(heading);
  if (named.size === 0 || intent.markers.size === 0) return true;
  return [...named].some((m) => intent.markers.has(m));
}
