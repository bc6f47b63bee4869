// Loads the synthetic fixtures (written for this project: gross descriptions, lung summaries, CD99 reports, and
// colorectal specimens that are or are not resections, with truth).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnswerValue } from '../../../common/contracts';

export interface Fixture {
  id: string;
  text: string;
  truth: Record<string, AnswerValue>;
  note?: string;
}

const read = (name: string): Fixture[] =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, name), 'utf8')) as Fixture[];

export const COLORECTAL = read('colorectal-gross.json');
/** Colorectal reports of every specimen kind; null in the truth means the item must stay unanswered. */
export const SPECIMENS = JSON.parse(
  readFileSync(resolve(import.meta.dirname, 'colorectal-specimens.json'), 'utf8')
) as {
  id: string;
  kind: string;
  text: string;
  truth: Record<string, AnswerValue | null>;
  note: string;
}[];
export const LUNG = read('lung-summaries.json');
export const CD99 = read('cd99-reports.json');
export const FIXTURE_DIR = import.meta.dirname;
