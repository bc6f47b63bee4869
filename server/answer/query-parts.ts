// Clinical reading the sub-queries need: which drugs are anticancer therapy, the line of therapy a patient is in,
// primary tumour sidedness and supportive-care topics of the record.
import type { SummaryFacts, TherapyItem } from './summary';

// Cytotoxics, antibodies and kinase inhibitors by name pattern; supportive drugs (antiemetics, enzymes) do not match.
const ANTICANCER =
  /(mab|nib|platin|taxel|citabine|rubicin|fluorouracil|5-fu|irinotecan|leucovorin|folinic|tipiracil|trifluridine|fruquintinib|mitomycin|etoposide|temozolomide|deruxtecan|olaparib|ivosidenib)\b/i;

/** Whether a drug is systemic anticancer therapy (by name). */
export const isAnticancer = (drug: string): boolean => ANTICANCER.test(drug);

const ORDINAL = ['first', 'second', 'third'];

export interface TherapyLine {
  /** 1-based line the next decision is about. */
  line: number;
  label: string;
  /** Anticancer drugs given so far (current and earlier). */
  drugs: string[];
  /** The current regimen is still running (no progression recorded on it). */
  ongoing: boolean;
}

/**
 * The line of therapy the tumour board decides about: earlier regimens are counted by their start dates; a running
 * regimen on which progression is recorded counts as failed.
 * @param therapies - The summary's therapy items.
 * @param progression - Whether progression on the current regimen is recorded (RECIST PD, a report).
 * @returns The line, or undefined when the record shows no anticancer therapy.
 */
export function therapyLine(therapies: TherapyItem[], progression: boolean): TherapyLine | undefined {
  const cancer = therapies.filter((t) => isAnticancer(t.drug) && t.status !== 'entered-in-error');
  if (cancer.length === 0) return undefined;
  const ended = cancer.filter((t) => t.status === 'stopped' || t.status === 'completed');
  const active = cancer.filter((t) => t.status === 'active' || t.status === 'on-hold');
  const prior = new Set(ended.map((t) => t.start ?? t.drug)).size;
  const line = prior + (active.length && progression ? 2 : 1);
  return {
    line,
    label: ORDINAL[line - 1] ?? 'later',
    drugs: [...new Set(cancer.map((t) => t.drug.replace(/\s*\(.*\)$/, '')))],
    ongoing: active.length > 0 && !progression,
  };
}

/** Left (splenic flexure to rectum) or right (caecum to transverse colon) primary, from the condition text. */
export function sidedness(primaryText: string | undefined): 'left' | 'right' | undefined {
  if (!primaryText) return undefined;
  if (/descending|sigmoid|rect|splenic flexure/i.test(primaryText)) return 'left';
  if (/c(a|e)cum|ascending|hepatic flexure|transverse/i.test(primaryText)) return 'right';
  return undefined;
}

const DRUG_TOXICITY: { drug: RegExp; topic: (drug: string) => string }[] = [
  {
    drug: /bevacizumab|ramucirumab|aflibercept|regorafenib|lenvatinib|sorafenib|cabozantinib|fruquintinib/i,
    topic: (d) => `hypertension and proteinuria on ${d}: monitoring and when to hold`,
  },
  {
    drug: /cetuximab|panitumumab/i,
    topic: (d) => `acneiform rash and hypomagnesaemia with ${d}: prevention and management`,
  },
  { drug: /oxaliplatin/i, topic: () => 'oxaliplatin peripheral neuropathy: dose modification and stop-and-go' },
  {
    drug: /pembrolizumab|nivolumab|durvalumab|atezolizumab|dostarlimab|ipilimumab|tremelimumab/i,
    topic: (d) => `immune-related adverse events on ${d}: recognition and management`,
  },
];

const CONDITION_TOPIC: { text: RegExp; topic: (condition: string) => string }[] = [
  { text: /ascites/i, topic: () => 'management of malignant or cirrhotic ascites' },
  { text: /varic|portal hypertension/i, topic: () => 'variceal screening before bevacizumab in portal hypertension' },
  { text: /an(a)?emia/i, topic: () => 'anaemia and iron deficiency in patients with cancer' },
  { text: /thrombo|embolism/i, topic: () => 'cancer-associated venous thromboembolism anticoagulation' },
  { text: /neuropathy/i, topic: () => 'chemotherapy-induced peripheral neuropathy management' },
  { text: /\bdue to\b/i, topic: (c) => `${c.replace(/,.*?(due to)/i, ' $1')}: management` },
];

/**
 * Supportive-care topics of the record: toxicities of the running anticancer drugs and the patient's other
 * conditions (metastases and the cancer itself excluded).
 * @param facts - The summary facts.
 * @returns Query texts, most specific first.
 */
export function supportiveTopics(facts: SummaryFacts): string[] {
  const out: string[] = [];
  for (const c of facts.conditions) {
    if (/metasta|carcinoma|cancer/i.test(c.text)) continue;
    const rule = CONDITION_TOPIC.find((r) => r.text.test(c.text));
    if (rule) out.push(rule.topic(c.text.replace(/\s+/g, ' ').slice(0, 120)));
  }
  // Toxicity topics matter before the first dose too (DPD testing before capecitabine): planned drugs count.
  const running = facts.therapies.filter(
    (t) => (t.status === 'active' || t.status === 'planned') && isAnticancer(t.drug)
  );
  for (const rule of DRUG_TOXICITY) {
    const drug = running.find((t) => rule.drug.test(t.drug));
    if (drug) out.push(rule.topic(drug.drug));
  }
  return out;
}
