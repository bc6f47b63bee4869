// clinical_score's planner rule: HCC with liver labs (conventional or SI units) → Child-Pugh (ascites and
// encephalopathy coded or written) and ALBI, then BCLC once the Child-Pugh class is known and the record states the
// tumour burden and ECOG; cirrhosis with another tumour → Child-Pugh; a Karnofsky status without ECOG → its ECOG; a
// renally cleared drug given, planned or asked about → creatinine clearance.
import type { PlannedCall } from '../../../common/contracts';
import { clinicalScoreContract, toolOutput } from '../../../common/contracts/tools';
import { cirrhosisRef, liverInputs } from '../../agent/planner/liver-inputs';
import type { RecordFacts } from '../../agent/record/facts';
import type { Lab } from '../../agent/record/liver';
import type { PlannerRule } from '../adapter';

const lab = (l: Lab) => ({ value: l.value, unit: l.unit });
const call = (id: string, args: Record<string, unknown>, reason: string): PlannedCall => ({
  id,
  tool: clinicalScoreContract.name,
  args,
  reason,
});

/** Child-Pugh (when every input is recorded) and ALBI, for HCC with bilirubin and albumin; Child-Pugh in cirrhosis. */
function liverScores(facts: RecordFacts, nextId: () => string): PlannedCall[] {
  const hcc = facts.primary?.kind === 'hcc';
  const cirrhosis = hcc ? undefined : cirrhosisRef(facts);
  const liver = liverInputs(facts);
  if ((!hcc && !cirrhosis) || !liver.bilirubin || !liver.albumin) return [];
  const who = hcc ? 'HCC' : `Cirrhosis (${cirrhosis})`;
  const refs = [liver.bilirubin.ref, liver.albumin.ref];
  const calls: PlannedCall[] = [];
  // With the labs and one of the two exam findings recorded, the other, never mentioned, is taken as absent (how a
  // tumour board scores an unremarkable exam) and the reason says so; with both unrecorded nothing is assumed.
  if (liver.inr && (liver.ascites || liver.encephalopathy)) {
    const args = {
      score: 'child_pugh',
      bilirubin: lab(liver.bilirubin),
      albumin: lab(liver.albumin),
      inr: liver.inr.value,
      ascites: liver.ascites?.grade ?? 'none',
      encephalopathy: liver.encephalopathy?.grade ?? 'none',
    };
    const found = [liver.ascites, liver.encephalopathy].filter((x) => x !== undefined).map((x) => x.ref);
    const inputs = [...refs, liver.inr.ref, ...found].join(', ');
    const assumed = !liver.ascites ? 'ascites' : !liver.encephalopathy ? 'hepatic encephalopathy' : undefined;
    calls.push(
      call(
        nextId(),
        args,
        `${who} with bilirubin, albumin, INR${assumed ? '' : ', ascites and encephalopathy'} in the record (${inputs}): ` +
          `liver function by Child-Pugh${assumed ? ` (assumption: ${assumed} not recorded, scored as none)` : ''}`
      )
    );
  }
  // ALBI was derived and validated in HCC; outside HCC Child-Pugh is the standard.
  if (!hcc) return calls;
  const albi = { score: 'albi', bilirubin: lab(liver.bilirubin), albumin: lab(liver.albumin) };
  calls.push(call(nextId(), albi, `HCC with bilirubin and albumin in the record (${refs.join(', ')}): ALBI grade`));
  return calls;
}

/** Drugs dosed by creatinine clearance (SmPC/label renal adjustments). */
const RENAL_DRUGS =
  /cisplatin|carboplatin|capecitabine|pemetrexed|\bS-1\b|tegafur|trifluridine|topotecan|methotrexate|bleomycin/i;

/** Cytotoxics and antibodies dosed per m² of body surface area (label doses), and dosing words in a question. */
const BSA_DRUGS =
  /fluorouracil|5-?FU|capecitabine|oxaliplatin|irinotecan|cisplatin|docetaxel|paclitaxel|gemcitabine|pemetrexed|etoposide|mitomycin|cetuximab|epirubicin|FOLF|CAPOX|XELOX|FLOT|nab-paclitaxel/i;
const DOSE_QUESTION = /\b(dose|dosing|dosage|mg\/m|body surface)\b/i;

/** BSA (Mosteller) when height and weight are recorded and a per-m² drug is given, planned or its dose is asked. */
function bsaCall(
  { heightCm, weightKg }: RecordFacts['dosing'],
  current: string[],
  planned: string[],
  question: string,
  nextId: () => string
): PlannedCall | undefined {
  const drug = [...current, ...planned, ...(BSA_DRUGS.exec(question) ?? [])].find((d) => BSA_DRUGS.test(d));
  const why = drug ? `${drug} is dosed per m²` : DOSE_QUESTION.test(question) ? 'the question asks about dosing' : '';
  if (!heightCm || !weightKg || !why) return undefined;
  const args = { score: 'bsa_mosteller', heightCm: heightCm.value, weightKg: weightKg.value };
  return call(nextId(), args, `${why}: body surface area from ${heightCm.ref} and ${weightKg.ref}`);
}

/** ECOG from a recorded Karnofsky status, and creatinine clearance when a renally dosed drug is given or planned. */
function otherScores(
  { ecog, dosing, therapyLines, plannedDrugs = [] }: RecordFacts,
  question: string,
  nextId: () => string
): PlannedCall[] {
  const calls: PlannedCall[] = [];
  if (!ecog && dosing.karnofsky) {
    const args = { score: 'ecog_karnofsky', karnofsky: dosing.karnofsky.value };
    calls.push(
      call(
        nextId(),
        args,
        `Karnofsky ${dosing.karnofsky.value} % recorded (${dosing.karnofsky.ref}) without an ECOG status: its ECOG grade`
      )
    );
  }
  // The current line, a planned regimen, or a drug the question asks about: the dose is decided now.
  const drug = [...(therapyLines.at(-1)?.drugs ?? []), ...plannedDrugs, ...(RENAL_DRUGS.exec(question) ?? [])].find(
    (d) => RENAL_DRUGS.test(d)
  );
  const bsa = bsaCall(dosing, therapyLines.at(-1)?.drugs ?? [], plannedDrugs, question, nextId);
  if (bsa) calls.push(bsa);
  const { creatinine, weightKg, ageYears, sex } = dosing;
  if (drug && creatinine && weightKg && ageYears !== undefined && ageYears >= 18 && sex) {
    const args = {
      score: 'crcl_cockcroft_gault',
      ageYears,
      weightKg: weightKg.value,
      creatinine: { value: creatinine.value, unit: creatinine.unit },
      sex,
    };
    calls.push(
      call(
        nextId(),
        args,
        `${drug} is dosed by renal function: creatinine clearance from ${creatinine.ref} and ${weightKg.ref}`
      )
    );
  }
  return calls;
}

/**
 * A fresh clinical_score rule for one workup: liver scores first, BCLC once the Child-Pugh call has run.
 * @returns The rule.
 */
export function clinicalScoreRule(): PlannerRule {
  let childPugh: string | undefined;
  return {
    start({ facts, question, nextId }) {
      const calls = [...liverScores(facts, nextId), ...otherScores(facts, question, nextId)];
      childPugh = calls.find((c) => (c.args as { score?: string }).score === 'child_pugh')?.id;
      const followUps =
        childPugh && facts.hccBurden && facts.ecog
          ? [{ tool: clinicalScoreContract.name, reason: 'BCLC stage once the Child-Pugh class is known' }]
          : [];
      return { calls, followUps };
    },
    next({ facts, calls, nextId }) {
      if (!childPugh) return { done: true };
      const cp = calls.find((c) => c.id === childPugh);
      if (!cp) return { done: false };
      const cls = toolOutput(cp, clinicalScoreContract.name)?.class;
      if (!cls) return { notes: ['BCLC not staged: the Child-Pugh score could not be computed'], done: true };
      if (!facts.hccBurden || !facts.ecog) {
        const missing = !facts.hccBurden ? 'the nodule count and size with TNM' : 'an ECOG performance status';
        return { notes: [`BCLC not staged: the record does not state ${missing}`], done: true };
      }
      const args = { score: 'bclc', ...facts.hccBurden, ecog: facts.ecog.value, childPughClass: cls };
      const reason = `BCLC stage from the tumour burden (${facts.primary?.ref}), ECOG ${facts.ecog.value} (${facts.ecog.ref}) and Child-Pugh class ${cls} (${cp.id})`;
      return { calls: [call(nextId(), args, reason)], done: true };
    },
  };
}
