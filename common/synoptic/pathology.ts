// What marks a pathology report (HL7 v2-0074 PAT/SP or a pathology LOINC code) and which synoptic form its wording calls
// for: one definition for the app's structured-form card and the registry's cohort jobs.

const V2_0074 = 'http://terminology.hl7.org/CodeSystem/v2-0074';
/** LOINC codes of pathology reports and their sections (study, surgical pathology, synoptic, gross, diagnosis). */
const PATHOLOGY_LOINC = new Set(['11526-1', '11529-5', '60567-5', '60568-3', '22634-0', '22637-3', '33746-9']);

type Coded = { coding?: { system?: string; code?: string }[] } | undefined;

/**
 * Whether any of these concepts (a report's category and code, a document's type and category) marks pathology.
 * @param concepts - CodeableConcepts, absent ones allowed.
 * @returns True for category PAT/SP (v2-0074, or no system) or a pathology LOINC code.
 */
export function hasPathologyCode(concepts: readonly Coded[]): boolean {
  return concepts.some((c) =>
    (c?.coding ?? []).some(
      (k) =>
        ((k.system === V2_0074 || !k.system) && (k.code === 'PAT' || k.code === 'SP')) ||
        (k.system === 'http://loinc.org' && PATHOLOGY_LOINC.has(k.code ?? ''))
    )
  );
}

/** The synoptic templates, in the order forms are offered, with the wording that calls for each. */
export const TEMPLATE_WORDING: readonly (readonly [RegExp, string])[] = [
  [/\bCD99\b/i, 'cd99-pattern'],
  [/\b(lobectomy|pneumonectomy|segmentectomy|bilobectomy)\b|\bwedge resection\b.*\blung\b/i, 'ajcc8-lung-resection'],
  [
    /\b(hemi)?colectomy\b|\bsigmoidectomy\b|\b(low )?anterior resection\b|\bproctectomy\b|\bproctocolectomy\b|\babdominoperineal\b|\b(colon|colonic|rectal|bowel) resection\b|\bresection\b.*\b(colon|rectum|cecum|caecum)\b/i,
    'cap-colorectal-resection',
  ],
];

/**
 * The template a report's wording suggests: colorectal for a colectomy or resection, lung for a lobectomy, CD99 when
 * the stain is named.
 * @param text - The report text.
 * @returns A template id, or undefined when nothing fits (a biopsy; the pathologist chooses).
 */
export function suggestTemplate(text: string): string | undefined {
  return TEMPLATE_WORDING.find(([pattern]) => pattern.test(text))?.[1];
}
