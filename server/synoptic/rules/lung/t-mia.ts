// Minimally invasive adenocarcinoma (T1mi, AJCC 8th / IASLC): a lepidic-predominant adenocarcinoma of at most 3 cm with
// at most 0.5 cm of invasion. A report also names MIA, or its 5 mm limit, to say a tumor is NOT one ("the invasive
// focus exceeds the 5 mm limit for MIA"): such a comparison is no diagnosis, and an invasive size above 0.5 cm rules
// T1mi out whatever the text calls the tumor.
import type { DocSentence } from '../../text/doc';
import { isNegated } from '../../text/negation';
import type { SizeAt } from './t-size';

// "Minimally invasive" alone also names surgery ("minimally invasive lobectomy"): only the tumor name counts.
const MIA = /\bminimally invasive (?:adeno)?carcinoma\b|\bMIA\b/gi;
/** Words that make a MIA mention the limit a tumor is measured against or a diagnosis set aside. */
const COMPARISON =
  /\b(?:exceed\w*|greater|more|larger|bigger|beyond|above|over|surpass\w*|outside|too (?:large|big|extensive)|not|rather than|instead of|precludes?|excludes?|exclud\w*|ruled? out|threshold|limit|cut-?off|criteri(?:on|a)|definition|qualif\w*|meet\w*|met|fulfil\w*|so|hence|therefore|thus)\b/i;
/** The stretch of a sentence that belongs to one mention: between commas, brackets, semicolons or dashes. */
const BOUNDARY = /[,;()[\]–—]|\s-\s/g;

function piece(t: string, at: number, end: number): string {
  let start = 0;
  let stop = t.length;
  for (const m of t.matchAll(BOUNDARY)) {
    if (m.index + m[0].length <= at) start = m.index + m[0].length;
    else if (m.index >= end) {
      stop = m.index;
      break;
    }
  }
  return t.slice(start, stop);
}

/**
 * The sentence that diagnoses minimally invasive adenocarcinoma, if any.
 * @param sentences - The report.
 * @param invasive - The invasive size the report gives, if any.
 * @returns The sentence, or undefined when MIA is only named as a limit, negated, or the invasion is over 0.5 cm.
 */
export function miaDiagnosis(sentences: DocSentence[], invasive: SizeAt | undefined): DocSentence | undefined {
  if (invasive && invasive.cm > 0.5) return undefined;
  return sentences.find((s) =>
    [...s.masked.matchAll(MIA)].some((m) => {
      // The abbreviation in capitals only: "mia" in running text is not one.
      if (m[0].length === 3 && m[0] !== 'MIA') return false;
      const end = m.index + m[0].length;
      return !COMPARISON.test(piece(s.masked, m.index, end)) && !isNegated(s.masked, m.index, end);
    })
  );
}
