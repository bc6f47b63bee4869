// Evaluation cases: the development set's JSON (camelCase CAP/AJCC field names) or this project's fixtures (linkIds),
// read into one shape keyed by template linkIds.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TemplateId } from '../template';
import type { AnswerValue } from '../types';

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

const FILES: [string[], TemplateId][] = [
  [['cases.json', 'colorectal-gross.json'], 'cap-colorectal-resection'],
  [['lung.json', 'lung-summaries.json'], 'ajcc8-lung-resection'],
  [['cd99.json', 'cd99-reports.json'], 'cd99-pattern'],
];

/**
 * Reads the evaluation cases of a folder.
 * @param dir - A folder with cases.json / lung.json (development set) or the fixture files.
 * @returns Cases of every template found; throws when the folder holds none.
 */
export function readEvalCases(dir: string): EvalCase[] {
  const out: EvalCase[] = [];
  for (const [names, template] of FILES) {
    const file = names.map((n) => resolve(dir, n)).find((p) => existsSync(p));
    if (!file) continue;
    const raw = JSON.parse(readFileSync(file, 'utf8')) as {
      id: string;
      text: string;
      truth: Record<string, AnswerValue>;
    }[];
    for (const c of raw) {
      const truth = Object.fromEntries(Object.entries(c.truth).map(([k, v]) => [FIELD[k] ?? k, v]));
      out.push({ id: c.id, template, text: c.text, truth });
    }
  }
  if (out.length === 0)
    throw new Error(`No evaluation cases in ${dir} (expected cases.json, lung.json or the fixture files)`);
  return out;
}
