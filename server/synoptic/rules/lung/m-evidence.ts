// Whether a lung report affirms a metastasis it names: ConText-style negation (the shared scoped module plus the
// short pre- and post-triggers of staging notes), hedges (AJCC 8th: when in doubt, the lower category) and a benign
// diagnosis after a part heading ("Pleural nodule, excision: fibrous plaque"), and tissue proof of a lesion, in its own
// sentence or the next ("CT: three liver lesions." then "Biopsy of one: metastatic adenocarcinoma.").
import { isNegated } from '../../text/negation';

const NEGATED_BEFORE =
  /\b(?:no|not|without|negative for|free of|ruled? out|excluded|absence of)\s+(?:[\w-]+[\s,]+){0,5}?$/i;
const NEGATED_AFTER =
  /^[^.;,]*?\b(?:negative|benign|not (?:identified|seen|present|malignant)|excluded|ruled out|no|without|free|clear|unremarkable|absent|none|not applicable)\b/i;
/** AJCC 8th general rule: when in doubt the lower category is assigned, so a hedged metastasis is not one. */
export const HEDGED =
  /\b(?:suspicious (?:for|of)|suspected|suspicion of|possible|cannot be (?:excluded|ruled out)|cannot (?:exclude|rule out)|indeterminate|equivocal|questionable|not (?:confirmed|proven)|unconfirmed|(?:likely|probably) (?:benign|reactive|inflammatory)|(?:previously |initially )?(?:thought|considered|suspected) to be|previously (?:thought|considered|suspected|reported as))\b/i;
/** A diagnosis that is not tumor, after a part heading ("Pleural nodule, excision: fibrous plaque"). */
export const BENIGN_DX =
  /\b(?:benign|negative|no (?:evidence of )?(?:malignan\w*|tumou?r|carcinoma|metasta\w*)|fibro\w*|plaque|granulom\w*|hamartom\w*|reactive|inflammat\w*|adenoma|ha?emangioma|cyst|incidentaloma|not metastatic|non-?metastatic|not (?:a )?metastas[ie]s|glioblastoma|glioma|meningioma)\b/i;
export const MALIGNANT_DX =
  /(?<!\b(?:no|not|non|negative for|without|free of|no evidence of|absence of)[\s-]+(?:[\w-]+\s+)?)\b(?:metastatic|metastas[ie]s|carcinoma|adenocarcinoma|malignant cells)\b/i;

/**
 * A clause is negated when a trigger stands before the finding in it, or a post-trigger follows, or the diagnosis
 * after a part heading's colon is benign.
 * @param clause - The clause that names the finding.
 * @param at - Where the finding is named.
 * @param len - The length of its name.
 * @returns True when the clause affirms it.
 */
export function affirmed(clause: string, at: number, len = 1): boolean {
  const colon = clause.indexOf(':', at);
  const dx = colon >= 0 ? clause.slice(colon + 1) : '';
  if (dx && BENIGN_DX.test(dx) && !MALIGNANT_DX.test(dx)) return false;
  return (
    !NEGATED_BEFORE.test(clause.slice(0, at)) &&
    !NEGATED_AFTER.test(clause.slice(at)) &&
    !HEDGED.test(clause) &&
    !isNegated(clause, at, at + len)
  );
}

/** Tissue proof: a biopsy, aspirate or cytology before a metastasis, or a metastasis called biopsy-proven. */
const PROOF_METASTASIS =
  /\b(?:biops\w*|confirm\w*|proven|cytolog\w*|FNA|aspirat\w*|EBUS)\b[^.]*\bmetasta\w*|\bmetasta\w*[^.]*\b(?:biops\w*|confirm\w*|proven)\b/i;
/** The same with any malignant diagnosis ("FNA positive for adenocarcinoma"): read only next to the lesion. */
const PROOF_MALIGNANT =
  /\b(?:biops\w*|confirm\w*|proven|cytolog\w*|FNA|aspirat\w*|core|EBUS)\b[^.]*?\b(?:metasta\w*|(?:adeno|squamous cell |large cell )?carcinoma|malignant cells|malignancy)\b|\b(?:resect\w*|excis\w*)\b[^.]*?\bmetasta\w*|\bmetasta\w*[^.]*\b(?:biops\w*|confirm\w*|proven)\b/i;
const METASTASIS_WORD = /\bmetasta\w*/gi;
const MALIGNANT_WORD = /\bmetasta\w*|\b(?:adeno)?carcinoma\b|\bmalignant cells\b|\bmalignancy\b/gi;

/**
 * Whether a text affirms a malignancy that tissue proves (not "biopsy negative for carcinoma", not hedged).
 * @param t - A sentence, or the clauses next to a lesion.
 * @param anyMalignancy - Accept any malignant diagnosis, not only a metastasis (for the lesion's own clauses).
 * @returns True when a biopsy, aspirate or resection shows it.
 */
export function proven(t: string, anyMalignancy = false): boolean {
  if (!(anyMalignancy ? PROOF_MALIGNANT : PROOF_METASTASIS).test(t)) return false;
  if (anyMalignancy && (HEDGED.test(t) || (BENIGN_DX.test(t) && !MALIGNANT_DX.test(t)))) return false;
  return [...t.matchAll(anyMalignancy ? MALIGNANT_WORD : METASTASIS_WORD)].some(
    (m) =>
      !isNegated(t, m.index, m.index + m[0].length) && (!anyMalignancy || !NEGATED_BEFORE.test(t.slice(0, m.index)))
  );
}

/** A sentence that refers back to lesions named before it ("Biopsy of one: …", "The largest was resected: …"). */
const PROOF_START =
  /^\s*(?:(?:the\s+)?(?:biops\w*|FNA|aspirat\w*|resection|excision|core)|one\b|(?:the\s+)?(?:largest|dominant|former|latter)|it\b|this\b|these\b)/i;

/**
 * A lesion sentence whose proof follows in the next sentence, which names no organ of its own ("CT: four hepatic
 * lesions." then "Biopsy of one: metastatic adenocarcinoma.").
 * @param text - The sentence naming the lesions.
 * @param next - The sentence after it.
 * @param organ - The organ names of the caller.
 * @returns True when the next sentence proves the lesions.
 */
export function provenByNext(text: string, next: string | undefined, organ: RegExp): boolean {
  if (!next || !PROOF_START.test(next)) return false;
  // `search` ignores the global flag and lastIndex of the caller's organ pattern.
  if (text.search(organ) < 0 || next.search(organ) >= 0) return false;
  return /\b(?:lesions?|nodules?|mass(?:es)?|deposits?|foci|focus|uptake|nodes?)\b/i.test(text) && proven(next, true);
}
