// Whether a passage about the patient's tumour group fits its subsite and histology: one knowledge document covers
// gastric, junctional and oesophageal cancer of either histology, so an oesophageal trial is not evidence for a
// gastric primary, nor an adenocarcinoma (HER2, CLDN18.2) passage for a squamous cell carcinoma, or the reverse.

export type UpperGiSite = 'stomach' | 'junction' | 'oesophagus';
export type Histology = 'adenocarcinoma' | 'squamous';

/** "Gastro-oesophageal" names the junction (or the family), not the oesophagus alone. */
const FAMILY = /gastro-?o?esophageal|o?esophago-?gastric/gi;
const JUNCTION = /\bGEJ\b|junction|\bcardia\b|siewert/i;
const OESOPHAGUS = /o?esophag/i;
const STOMACH = /gastric|stomach|antr(um|al)|pylor|fundus/i;
const SQUAMOUS = /squamous|\bE?SCC\b/i;
/** Adenocarcinoma, or the biomarkers only tested in it (HER2 and CLDN18.2 in upper-GI cancer). */
const ADENO = /adenocarcinoma|\bHER2\b|CLDN18|claudin/i;

/**
 * The upper-GI subsite a text names (the patient's primary, or a passage heading).
 * @param text - Tumour type and primary site, or a heading.
 * @returns The subsite, or undefined when it names none or several.
 */
export function upperGiSite(text: string): UpperGiSite | undefined {
  if (JUNCTION.test(text)) return 'junction';
  const rest = text.replace(FAMILY, ' ');
  const oes = OESOPHAGUS.test(rest);
  const stomach = STOMACH.test(rest);
  if (oes && !stomach) return 'oesophagus';
  if (stomach && !oes) return 'stomach';
  return undefined;
}

/**
 * The histology a patient's tumour text states.
 * @param text - Tumour type and primary site.
 * @returns Squamous or adenocarcinoma, or undefined when not stated.
 */
export function histologyOf(text: string): Histology | undefined {
  if (SQUAMOUS.test(text)) return 'squamous';
  if (/adenocarcinoma|signet|diffuse[- ]type|intestinal[- ]type/i.test(text)) return 'adenocarcinoma';
  return undefined;
}

/**
 * Why an upper-GI passage does not fit the patient's subsite or histology.
 * @param heading - The passage's section heading.
 * @param site - The patient's subsite (undefined: not upper GI or not stated).
 * @param histology - The patient's histology.
 * @returns The reason to drop it, or undefined when it fits or cannot be judged.
 */
export function subtypeMismatch(heading: string, site?: UpperGiSite, histology?: Histology): string | undefined {
  const about = upperGiSite(heading);
  // Oesophageal-only text (CROSS, CheckMate 577) is about the oesophagus and the junction, never the stomach.
  if (site === 'stomach' && about === 'oesophagus') return 'written for oesophageal cancer, primary in the stomach';
  // Gastric-only text is about the stomach and the junction; an oesophageal squamous tumour is neither.
  if (site === 'oesophagus' && about === 'stomach' && histology === 'squamous')
    return 'written for gastric cancer, squamous oesophageal primary';
  if (histology === 'adenocarcinoma' && SQUAMOUS.test(heading)) return 'written for squamous cell carcinoma';
  if (histology === 'squamous' && ADENO.test(heading) && !SQUAMOUS.test(heading))
    return 'written for adenocarcinoma, squamous cell carcinoma recorded';
  return undefined;
}
