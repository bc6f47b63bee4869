// Whether a general section (performance status, palliative and supportive care, response criteria, staging tables,
// tumour markers, scores and dosing formulas) is needed for this patient and question: such text is cited only when
// the question asks for it, a decision turns on it or the record holds the problem it treats — never as boilerplate.
import type { EvidenceItem } from '../../common/contracts';
import type { PatientFacts } from './patient-facts';

type Passage = Pick<EvidenceItem, 'title' | 'section'>;
interface Rule {
  /** What the section is about (matched on the heading, or on the title for a whole document). */
  topic: (e: Passage) => boolean;
  /** Whether this patient and question need it. */
  needed: (p: PatientFacts, q: string) => boolean;
  why: string;
  /** A supportive-care topic: needed only because the record or question names the problem it treats. */
  problem?: boolean;
}

const on = (re: RegExp) => (e: Passage) => re.test(e.section);
const RESPONSE_Q = /grow|progress|respon|shrink|bigger|smaller|size|recist|measur|lesion|stable|new (lesion|metasta)/i;
const STAGE_Q = /\bstag(e|ing)\b|\btnm\b|\b[yp]?[pc][TNM]\d|patholog|margin|lymph node|\bnodes?\b/i;
/** A negated finding ("no ascites", "without varices") up to the end of its clause: it is not a problem. */
const NEGATED = /\b(no|without|absence of|negative for|free of)\b[^.;:,]*/gi;
const problems = (p: PatientFacts, q: string) => `${p.problems ?? ''} ${q}`;

/** A supportive-care topic: cited when the record or the question names the problem it treats. */
const problem = (heading: RegExp, named: RegExp, why: string): Rule => ({
  topic: on(heading),
  needed: (p, q) => named.test(problems(p, q)),
  why: `${why} is not a recorded problem`,
  problem: true,
});

const RULES: Rule[] = [
  {
    topic: on(/\bECOG\b|Karnofsky|performance status/i),
    needed: (p, q) =>
      /ecog|karnofsky|performance|\bfit(ness)?\b|frail/i.test(q) || p.karnofskyOnly === true || (p.ecog ?? 0) >= 2,
    why: 'performance status does not decide here',
  },
  {
    topic: on(/palliative care|end of life|hospice/i),
    needed: (p, q) =>
      /palliat|hospice|symptom|comfort|end of life/i.test(q) || (p.ecog ?? 0) >= 3 || p.decisionLine >= 4,
    why: 'standard options are not exhausted and palliative care was not asked',
  },
  problem(/ascites/i, /ascites/i, 'ascites'),
  problem(/fatigue/i, /fatigue|tiredness/i, 'fatigue'),
  problem(/hypertension|antihypertensive/i, /hypertension|blood pressure/i, 'hypertension'),
  problem(/proteinuria/i, /proteinuria/i, 'proteinuria'),
  problem(/thromboembolism|\bVTE\b|anticoagula/i, /thrombo|embol|\bVTE\b|\bDVT\b|anticoagul/i, 'thrombosis'),
  problem(/neuropathy/i, /neuropath/i, 'neuropathy'),
  problem(/rash|acneiform/i, /rash|acneiform/i, 'rash'),
  problem(/magnes/i, /magnes/i, 'hypomagnesaemia'),
  problem(/hand-foot/i, /hand-foot|palmar-plantar/i, 'hand-foot syndrome'),
  problem(/anaemia|anemia|iron/i, /an(a)?emia|iron deficien/i, 'anaemia'),
  problem(
    /supportive care in/i,
    /jaundice|obstruct|stent|pain|steatorr|exocrine|weight loss|cholangitis/i,
    'the symptom'
  ),
  {
    topic: on(/varic/i),
    needed: (p, q) => /varic|portal hypertension/i.test(problems(p, q)) || (p.tumour.has('hcc') && p.bclc === 'C'),
    why: 'no varices recorded and no anti-VEGF decision in HCC',
  },
  // Response criteria: for a question about change only; the worked example never, iRECIST only on immunotherapy.
  {
    topic: (e) => /worked example|fragment|merging/i.test(e.section),
    needed: () => false,
    why: 'a worked example or measurement detail answers nothing here',
  },
  {
    topic: on(/iRECIST/i),
    needed: (p, q) => p.immunotherapy === true && RESPONSE_Q.test(q),
    why: 'no immunotherapy or no response question',
  },
  {
    topic: on(/new lesion/i),
    needed: (_p, q) => /new (lesion|metasta)|progress/i.test(q),
    why: 'progression by a new lesion is not in question',
  },
  {
    topic: (e) => /RECIST/i.test(e.title) || /RECIST/i.test(e.section),
    needed: (p, q) => RESPONSE_Q.test(q) || p.responseInQuestion === true,
    why: 'response is neither asked nor measured',
  },
  // Staging tables and the pathology protocol answer a staging question only.
  {
    topic: (e) =>
      /\bAJCC\b|\bCAP\b/.test(e.title) || /\bT category|\bN category|\bM category|stage groups/i.test(e.section),
    // Before metastasis the stage group decides adjuvant therapy; in metastatic disease only a staging question.
    needed: (p, q) => STAGE_Q.test(q) || (p.setting !== undefined && p.setting !== 'metastatic'),
    why: 'the question is not about stage or pathology',
  },
  {
    topic: on(/CA 19-9|alpha-fetoprotein|\bAFP\b|\bCEA\b|tumou?r marker/i),
    needed: (_p, q) => /marker|CA ?19-9|\bAFP\b|alpha-fetoprotein|\bCEA\b/i.test(q),
    why: 'no question about a tumour marker',
  },
  {
    topic: on(/surveillance in patients at risk|non-invasive diagnosis|LI-RADS/i),
    needed: (_p, q) => /diagnos|li-?rads|biopsy|surveillance|screen/i.test(q),
    why: 'the diagnosis is established',
  },
  {
    topic: on(/Child-Pugh|\bALBI\b|\bMELD\b|liver function/i),
    needed: (p, q) =>
      p.tumour.has('hcc') || /child|pugh|albi|meld|liver function|cirrho|bilirubin/i.test(problems(p, q)),
    why: 'liver function does not decide here',
  },
  {
    topic: on(/Cockcroft|creatinine clearance|Calvert|carboplatin|body surface|\bBSA\b|obesity|cisplatin eligibility/i),
    needed: (p, q) => /dos(e|ing)|renal|kidney|creatinine|carboplatin|cisplatin|\bBSA\b|obes/i.test(problems(p, q)),
    why: 'no dosing question and no renal problem',
  },
];

/**
 * Why a general section is not needed for this patient and question.
 * @param e - The passage (title and section heading).
 * @param p - The patient's facts.
 * @param question - The clinician's question ('' for a general workup).
 * @returns The reason to leave it out, or undefined when it is needed or not a general section.
 */
export function generalUnneeded(e: Passage, p: PatientFacts, question: string): string | undefined {
  const rule = RULES.find((r) => r.topic(e));
  return rule && !rule.needed(p, question) ? rule.why : undefined;
}

/**
 * Whether a supportive-care section treats a problem the record or the question names (so it backs the answer).
 * @param e - The passage (title and section heading).
 * @param p - The patient's facts.
 * @param question - The clinician's question.
 * @returns True for a supportive-care section whose problem is recorded or asked about.
 */
export function treatsRecordedProblem(e: Passage, p: PatientFacts, question: string): boolean {
  const rule = RULES.find((r) => r.topic(e));
  // The problem must be affirmed: "no ascites" in a report names the topic but records no problem to treat.
  const affirmed = { ...p, problems: (p.problems ?? '').replace(NEGATED, ' ') };
  return rule?.problem === true && rule.needed(affirmed, question);
}
