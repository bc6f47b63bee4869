// What kind of decision the clinician's question is about: treatment (options, next steps, management) or only a
// score or stage. The workflow searches literature for thin guidance only when a treatment decision is asked, and
// never because of the record alone when the question wants a stage or a score (Ferber et al., Nature Cancer 2025).

const TREATMENT =
  /\b(treat\w*|therap\w*|options?|next steps?|manag\w*|plan\w*|proceed|approach\w*|recommend\w*|regimens?|lines?|systemic|chemo\w*|immuno\w*|targeted|surg\w*|resect\w*|ablat\w*|radiat\w*|radiother\w*|transplant\w*|drugs?|medications?|trials?|(?:what|how) (?:should|can|could|would) (?:we|be|I)|tumou?r board|continue|switch|escalat\w*|de-?escalat\w*|best)\b/i;
const SCORE_OR_STAGE =
  /\b(stag(?:e|es|ing)|TNM|score|grade|class(?:ification)?|child[- ]pugh|ALBI|BCLC|MELD|ECOG|Karnofsky|performance status|clearance|GFR|BSA|body surface|RECIST|respon\w*|measure\w*|size|grown|grow|shrunk|doubling)\b/i;

export interface QuestionIntent {
  /** The question asks about treatment: options, next steps, management, a drug, a procedure or a trial. */
  treatment: boolean;
  /** The question asks only for a stage, a score, a measurement or a response (no treatment decision). */
  scoreOrStageOnly: boolean;
}

/**
 * Reads the decision a question is about.
 * @param question - The clinician's question (may be empty: then neither).
 * @returns The intent.
 */
export function questionIntent(question: string): QuestionIntent {
  const treatment = TREATMENT.test(question);
  return { treatment, scoreOrStageOnly: !treatment && SCORE_OR_STAGE.test(question) };
}
