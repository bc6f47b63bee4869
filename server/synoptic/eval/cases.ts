// Evaluation cases: the development set's JSON (camelCase CAP/AJCC field names) or this project's fixtures (linkIds),
// read into one shape keyed by template linkIds.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnswerValue } from '../../../common/contracts';
import type { TemplateId } from '../template';

export interface EvalCase {
  id: string;
  template: TemplateId;
  text: string;
  truth: Record<string, AnswerValue>;
}

/** Development-set field names → linkIds. */
const FIELD: Record<string, string> = {
  procedure: 'procedure',
  macroscopicEvaluationOfMesorectum: 'mesorectum',
  tumorSite: 'tumor-site',
  rectalTumorLocation: 'rectal-location',
  macroscopicTumorPerforation: 'perforation',
  tumorSizeCm: 'tumor-size',
  distanceToProximalMarginCm: 'distance-proximal',
  distanceToDistalMarginCm: 'distance-distal',
  distanceToRadialMarginCm: 'distance-radial',
  closestMargin: 'closest-margin',
  grossMarginStatus: 'margin-status',
  tumorExtent: 'tumor-extent',
  pT: 'pT',
  pN: 'pN',
  pM: 'pM',
  stageGroup: 'stage-group',
  cd99Localization: 'cd99-localization',
  cd99Distribution: 'cd99-distribution',
};

/** The corpus files of each template: the development set's, this project's fixtures', and lettered parts of a corpus. */
const FILES: [RegExp, TemplateId][] = [
  [/^(cases|colorectal-gross|colorectal-[a-z])\.json$/, 'cap-colorectal-resection'],
  [/^(lung|lung-summaries|lung-[a-z])\.json$/, 'ajcc8-lung-resection'],
  [/^(cd99|cd99-reports|cd99-[a-z])\.json$/, 'cd99-pattern'],
];

/**
 * Reads the evaluation cases of a folder.
 * @param dir - A folder with cases.json / lung.json (development set), the fixture files, or a corpus split into
 *   lettered parts (colorectal-a.json, colorectal-b.json…).
 * @returns Cases of every template found, in file-name order; throws when the folder holds none.
 */
export function readEvalCases(dir: string): EvalCase[] {
  const out: EvalCase[] = [];
  const names = existsSync(dir) ? readdirSync(dir).sort() : [];
  for (const [pattern, template] of FILES) {
    for (const name of names.filter((n) => pattern.test(n))) {
      const raw = JSON.parse(readFileSync(resolve(dir, name), 'utf8')) as {
        id: string;
        text: string;
        truth: Record<string, AnswerValue>;
      }[];
      for (const c of raw) {
        const truth = Object.fromEntries(Object.entries(c.truth).map(([k, v]) => [FIELD[k] ?? k, v]));
        out.push({ id: c.id, template, text: c.text, truth });
      }
    }
  }
  if (out.length === 0)
    throw new Error(`No evaluation cases in ${dir} (expected cases.json, lung.json or the fixture files)`);
  return out;
}
