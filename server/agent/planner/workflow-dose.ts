// The dose rules of the workflow that span tools: a dose question with a per-m² dose in the record or the question is
// answered with the body surface area and then the multiplication itself (calculator), never left to the answer text;
// and the body surface area is computed only when a dose is asked, not for a yes/no fitness question.
import type { PlannedCall, WorkupToolCall } from '../../../common/contracts';
import { calculatorContract, clinicalScoreContract, toolOutput } from '../../../common/contracts/tools';
import type { RecordFacts } from '../record/facts';

const DOSE_ASKED = /\b(dose|dosing|dosage|how (?:many|much) mg|mg\/m|body surface|BSA)\b/i;
const FITNESS = /\b(fit|fitness|eligib\w*|candidate|suitable|tolerat\w*|contraindicat\w*)\b/i;
/** A per-m² dose as written: "paclitaxel 80 mg/m2", "80 mg/m²", "oxaliplatin 85mg/m^2". */
const PER_M2 = /(?:\b([A-Za-z][A-Za-z-]{3,})\s+)?(\d+(?:\.\d+)?)\s*mg\s*\/\s*m(?:2|²|\^2)\b/;

const isBsa = (c: PlannedCall): boolean =>
  c.tool === clinicalScoreContract.name && (c.args as { score?: string }).score === 'bsa_mosteller';

/** The per-m² dose the question or the record states (question first), with where it was read. */
export function statedPerM2(
  facts: RecordFacts,
  question: string
): { mgPerM2: number; drug?: string; source: string } | undefined {
  for (const { ref, text } of [{ ref: 'the question', text: question }, ...facts.texts]) {
    const m = PER_M2.exec(text);
    if (m) return { mgPerM2: Number(m[2]), ...(m[1] ? { drug: m[1] } : {}), source: ref };
  }
  return undefined;
}

/**
 * Whether a planned BSA answers nothing asked: the question asks whether the patient is fit for a drug, not its dose.
 * @param call - A planned call.
 * @param question - The clinician's question.
 * @param facts - The record's facts (a drug given or planned now is dosed whatever the question).
 * @returns True to leave the call out.
 */
export function bsaNotAsked(call: PlannedCall, question: string, facts: RecordFacts): boolean {
  const dosedNow = (facts.therapyLines.at(-1)?.drugs.length ?? 0) > 0 || (facts.plannedDrugs?.length ?? 0) > 0;
  return isBsa(call) && !dosedNow && !DOSE_ASKED.test(question) && FITNESS.test(question);
}

/**
 * Whether a dose multiplication will follow the BSA (for the first round's follow-ups).
 * @param facts - The record's facts.
 * @param question - The clinician's question.
 * @param planned - The calls planned so far.
 * @returns The per-m² dose to multiply, or undefined.
 */
export function doseToCalculate(facts: RecordFacts, question: string, planned: readonly PlannedCall[]) {
  if (!DOSE_ASKED.test(question) || !planned.some(isBsa)) return undefined;
  return statedPerM2(facts, question);
}

/**
 * The calculator call once the BSA has run: dose = mg/m² × BSA.
 * @param facts - The record's facts.
 * @param question - The clinician's question.
 * @param planned - The calls planned so far.
 * @param calls - The finished calls.
 * @param nextId - Issues the call id.
 * @returns The call, a note when the BSA gave no value, or undefined while nothing is due.
 */
export function doseCall(
  facts: RecordFacts,
  question: string,
  planned: readonly PlannedCall[],
  calls: readonly WorkupToolCall[],
  nextId: () => string
): PlannedCall | string | undefined {
  if (planned.some((c) => c.tool === calculatorContract.name)) return undefined;
  const dose = doseToCalculate(facts, question, planned);
  const bsa = planned.find(isBsa);
  const ran = bsa && calls.find((c) => c.id === bsa.id);
  if (!dose || !ran) return undefined;
  const value = toolOutput(ran, clinicalScoreContract.name)?.value;
  if (typeof value !== 'number') return 'Dose not calculated: the body surface area could not be computed';
  return {
    id: nextId(),
    tool: calculatorContract.name,
    args: { expression: `${dose.mgPerM2} * ${value}` },
    reason: `The question asks for a dose: ${dose.drug ? `${dose.drug} ` : ''}${dose.mgPerM2} mg/m² (${dose.source}) × body surface area ${value} m² (${bsa.id})`,
  };
}
