// Whether a guideline passage on a missing test may be cited beside the line that says the test is missing: only when
// the passage's scope fits the patient (setting, histology, subsite) and the test can change the decision asked
// about. Advanced-disease work-up does not change an adjuvant plan, and a missing test does not change the decision
// to continue a regimen that is working; a question about the test, or one that names it, always turns on it.
import type { EvidenceItem } from '../../common/contracts';
import type { PatientFacts } from './patient-facts';
import { markersNamed, questionIntent } from './question-intent';
import { passageRelevance } from './relevance';

/** Text scoped to disease beyond cure. */
const ADVANCED = /\badvanced\b|metasta|unresectable|\bm(crc|pc)\b/i;

/**
 * Whether the testing passage fits the patient's setting and histology.
 * @param e - The passage.
 * @param p - The patient's facts.
 * @param question - The clinician's question.
 * @returns True when nothing in its scope excludes the patient.
 */
export function testingScopeFits(e: Pick<EvidenceItem, 'title' | 'section'>, p: PatientFacts, question: string) {
  // "Testing before first-line treatment" is about the test, not text for the first line only.
  const section = e.section.replace(/\b(?:before|prior to)\s+\S+\s+(?:line\s+)?(?:treatment|therapy)\b/gi, '');
  // A test the diagnostic work-up lists is still owed after the resection: its pre-operative scope does not exclude it.
  const r = passageRelevance({ title: e.title, section }, { ...p, resected: false }, question);
  if (r.drop || r.against || r.rank < 0) return false;
  // After a resection without recurrence the plan is adjuvant: the work-up for advanced disease does not change it.
  const curative = p.setting === 'localized' || (p.resected === true && p.setting !== 'metastatic');
  return !(curative && !p.progression && ADVANCED.test(e.section.replace(/non-metasta\w*/gi, '')));
}

/**
 * Whether the decision asked about turns on the missing test.
 * @param testLine - The missing-test line (names the test).
 * @param p - The patient's facts.
 * @param question - The clinician's question ('' for a general workup).
 * @returns True when the question is about the test or names it, or asks what to do while no regimen is working.
 */
export function testDecides(testLine: string, p: PatientFacts, question: string): boolean {
  const intent = questionIntent(question);
  if (intent.testing) return true;
  if ([...markersNamed(testLine)].some((m) => intent.markers.has(m))) return true;
  return intent.treatment && !p.ongoing;
}

/**
 * Whether a testing passage is cited beside a missing-test line.
 * @param testLine - The missing-test line.
 * @param e - The candidate passage.
 * @param p - The patient's facts.
 * @param question - The clinician's question.
 * @returns True when both the scope fits and the test decides.
 */
export function citeTestPassage(
  testLine: string,
  e: Pick<EvidenceItem, 'title' | 'section'>,
  p: PatientFacts,
  question: string
): boolean {
  return testingScopeFits(e, p, question) && testDecides(testLine, p, question);
}
