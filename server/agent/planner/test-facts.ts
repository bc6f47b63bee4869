// Small record facts for the planner rules' unit tests: a named primary and only what a test gives.
import type { PlannedCall } from '../../../common/contracts';
import type { PlannerRule } from '../../tools/adapter';
import type { RecordFacts } from '../record/facts';
import type { TimePoint } from '../record/imaging';
import { findPrimaryCancer } from '../record/tumour';

/**
 * Facts of a patient whose problem list names one cancer.
 * @param condition - The cancer as written, e.g. "Adenocarcinoma of the stomach".
 * @param over - Facts to set.
 * @returns The facts.
 */
export function factsWith(condition: string, over: Partial<RecordFacts> = {}): RecordFacts {
  const primary = findPrimaryCancer([
    { resourceType: 'Condition', id: 'c1', subject: { reference: 'Patient/p' }, code: { text: condition } },
  ]);
  return {
    patient: { id: 'p', name: 'Test' },
    ...(primary ? { primary } : {}),
    biomarkers: { variants: [], msi: [], mmr: [], tmb: [] },
    liver: {},
    imaging: [],
    histology: [],
    texts: [],
    therapyLines: [],
    dosing: {},
    references: new Set(),
    urls: new Set(),
    ...over,
  };
}

/**
 * An imaging time point with one key image.
 * @param id - Study id.
 * @param date - Study date.
 * @param over - Fields to set (reports, lesions).
 * @returns The time point.
 */
export function timePoint(id: string, date: string, over: Partial<TimePoint> = {}): TimePoint {
  return {
    study: `ImagingStudy/${id}`,
    date,
    modality: 'CT',
    description: 'CT abdomen',
    reports: [],
    lesions: [],
    unplaced: 0,
    keyImage: `ImagingStudy/${id}/series/1/instances/1`,
    ...over,
  };
}

/**
 * Plans one rule's first round.
 * @param rule - The rule.
 * @param facts - The facts.
 * @param question - The question.
 * @returns The planned calls.
 */
export function startRule(rule: PlannerRule, facts: RecordFacts, question = ''): PlannedCall[] {
  let n = 0;
  return rule.start({ facts, question, nextId: () => `c${++n}` }).calls;
}
