// pubmed_search runs when the question asks or the workflow indicates it, with a query from the patient's facts.
import { describe, expect, it } from 'vitest';
import { factsWith, startRule } from '../../agent/planner/test-facts';
import { webSearchRule } from '../web_search/planner';
import { pubmedSearchRule } from './planner';

const lines = ['2024-03', '2025-01', '2025-09'].map((start) => ({
  start,
  drugs: ['x'],
  refs: [`MedicationStatement/${start}`],
}));

describe('pubmedSearchRule', () => {
  it('searches after three lines, naming tumour and line and saying why', () => {
    const [call] = startRule(
      pubmedSearchRule(),
      factsWith('Adenocarcinoma of the sigmoid colon', { therapyLines: lines })
    );
    expect(call?.args).toEqual({ query: 'colorectal cancer fourth-line treatment after progression', maxResults: 5 });
    expect(call?.reason).toMatch(/progression after 3 lines/);
  });
  it('does not search a first-line patient unless the question asks', () => {
    const facts = factsWith('Adenocarcinoma of the sigmoid colon');
    expect(startRule(pubmedSearchRule(), facts)).toEqual([]);
    expect(startRule(pubmedSearchRule(), facts, 'What do recent trials show?')).toHaveLength(1);
  });
  it('leaves the web to the question even when a search is indicated', () => {
    expect(startRule(webSearchRule(), factsWith('Colon cancer', { therapyLines: lines }))).toEqual([]);
  });
});
