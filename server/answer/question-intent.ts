// What a clinician's question asks, so that reference text is cited only for the question that needs it: whether the
// disease changed (response criteria decide) or what to do once it has (they do not), a test or result (testing text),
// a dose (dosing formulas), and which biomarkers it names (text on another biomarker answers a different question).

/** Biomarkers by the words a question or a heading uses for them. */
const MARKERS: [string, RegExp][] = [
  ['RAS', /\b[KN]?RAS\b|\bG1[23][CDVRS]\b|\bQ61/i],
  ['BRAF', /\bBRAF\b/i],
  ['MSI', /\bMSI\b|\bMSS\b|\b[dp]?MMR\b|mismatch|microsatellite|lynch/i],
  ['HER2', /\bHER2\b|\bERBB2\b/i],
  ['BRCA', /\bBRCA|\bPALB2\b|\bHRD\b|homologous recomb/i],
  ['FGFR', /\bFGFR/i],
  ['IDH', /\bIDH/i],
  ['NTRK', /\bNTRK|\bRET\b|\bALK\b|\bROS1\b|\bNRG1\b|fusion/i],
  ['PD-L1', /\bPD-?L1\b|\bCPS\b/i],
  ['CLDN18', /\bCLDN18|claudin/i],
  ['TMB', /\bTMB\b|mutational burden/i],
];

/** Change words: growth, shrinkage, response, progression. */
const CHANGE =
  /\b(grow|grew|grown|growing|progress\w*|respon\w*|shrink\w*|shrunk|enlarg\w*|increas\w*|decreas\w*|stable|bigger|smaller|chang\w*|evolv\w*|develop\w*)\b/gi;
/** A change word after one of these is a premise ("after progression on FOLFOX"), not what is asked. */
const PREMISE = /\b(after|despite|following|upon|on|with|at|since|given|for|to|before|by)\s+$/i;
/** A clause that asks (an auxiliary opens it, or how/whether), as against one that states a premise. */
const ASKING =
  /(?:^|[:,—–(]\s*|\s-\s|\b(?:and|or|whether|if)\s+)(?:did|does|do|has|have|had|is|are|was|were|how\s+(?:did|does|has|have|is|are|was|were))\b/i;
/** Words that ask about response wherever they stand. */
const RESPONSE_WORDS =
  /\bRECIST\b|\bmeasur|\bborderline\b|pseudo-?progress|true progression|\brestag|response assessment|assess\w* (the )?response|\bprogression\s*\?/i;
const TREATMENT =
  /option|what next|next step|treat|therap|manag|recommend|\bplan\b|tumou?r board|\bline\b|regimen|proceed|approach|continue|switch|\bstart\b|should we|candidate|eligib|\boffer|benefit|maintenance|de-?escalat/i;
const TESTING =
  /\btest|\bprofil|sequenc|\bNGS\b|germline|work-?up|\bpanel\b|\bassay|\bIHC\b|immunohisto|discord|conflict|disagree|discrepan|contradict|interpret|reliab|\btrust|outdated|\bmissing\b|which biomarkers?|biomarkers? (?:are |is )?(?:needed|required|lacking)/i;
const DOSE = /\bdos(e|es|ing)\b|\bAUC\b|\bmg\/m|body surface|\bBSA\b|obes|calvert/i;

export interface QuestionIntent {
  /** Asks whether or how the disease changed: response criteria make the call. */
  response: boolean;
  /** Asks what to do. */
  treatment: boolean;
  /** Asks about a test or a result (which tests, what a result means, results that disagree). */
  testing: boolean;
  /** Asks for a dose. */
  dose: boolean;
  /** Biomarkers the question names (keys of MARKERS). */
  markers: Set<string>;
}

/**
 * The biomarkers a text names.
 * @param text - A question or a section heading.
 * @returns Keys such as "RAS", "HER2", "MSI".
 */
export function markersNamed(text: string): Set<string> {
  return new Set(MARKERS.filter(([, re]) => re.test(text)).map(([k]) => k));
}

/** Whether one clause of the question asks about change (an auxiliary or "how" before a change word). */
function asksChange(q: string): boolean {
  if (RESPONSE_WORDS.test(q)) return true;
  return q.split(/[?!.;]/).some((clause) => {
    const ask = ASKING.exec(clause.trim());
    if (!ask) return false;
    const rest = clause.trim().slice(ask.index);
    return [...rest.matchAll(CHANGE)].some((m) => !PREMISE.test(rest.slice(0, m.index)));
  });
}

/**
 * What a question asks.
 * @param question - The clinician's question ('' for a general workup: it asks what to do).
 * @returns The question's intent.
 */
export function questionIntent(question: string): QuestionIntent {
  const q = question.trim();
  if (!q) return { response: false, treatment: true, testing: false, dose: false, markers: new Set() };
  const markers = markersNamed(q);
  const treatment = TREATMENT.test(q);
  // A question that names a biomarker without asking what to do asks about its result.
  return {
    response: asksChange(q),
    treatment,
    testing: TESTING.test(q) || (markers.size > 0 && !treatment),
    dose: DOSE.test(q),
    markers,
  };
}
