// Whether a lung report affirms a metastasis it names: ConText-style negation (the shared scoped module plus the
// short pre- and post-triggers of staging notes), hedges (AJCC 8th: when in doubt, the lower category) and a benign
// diagnosis after a part heading ("Pleural nodule, excision: fibrous plaque").
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
