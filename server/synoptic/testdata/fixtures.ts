// Loads the synthetic fixtures (written for this project: gross descriptions, lung summaries, CD99 reports with truth).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnswerValue } from '../types';

export interface Fixture {
  id: string;
  text: string;
  truth: Record<string, AnswerValue>;
  note?: string;
}

const read = (name: string): Fixture[] =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, name), 'utf8')) as Fixture[];

export const COLORECTAL = read('colorectal-gross.json');
export const LUNG = read('lung-summaries.json');
export const CD99 = read('cd99-reports.json');
export const FIXTURE_DIR = import.meta.dirname;
