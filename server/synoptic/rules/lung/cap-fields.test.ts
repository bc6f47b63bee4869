// A report written as CAP synoptic fields ("Label: value" lines), on a form written for this test: the invasion list,
// laterality, histologic type, "Distant Metastasis: Present" with its sites.
import { describe, expect, it } from 'vitest';
import { extractLung } from '.';

const FORM: Record<string, string> = {
  Procedure: 'Lobectomy',
  'Specimen Laterality': 'Right',
  'Tumor Site': 'Upper lobe',
  'Histologic Type': 'Invasive adenocarcinoma, acinar predominant',
  'Tumor Size': 'Greatest dimension (Centimeters): 2.6 cm',
  'Visceral Pleura Invasion': 'Not identified',
  'Direct Invasion of Adjacent Structures': 'Not identified',
  Margins: 'All margins negative for invasive carcinoma',
  'Regional Lymph Nodes': 'All regional lymph nodes negative for tumor',
  'Number of Lymph Nodes Examined': '9',
  'Distant Metastasis': 'Not applicable',
};
const form = (changes: Record<string, string>) =>
  Object.entries({ ...FORM, ...changes })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
const value = (changes: Record<string, string>, linkId: string) =>
  extractLung(form(changes)).answers[linkId]?.value ?? null;

describe('CAP synoptic fields', () => {
  it('stages the plain form T1c N0 M0', () => {
    expect(['pT', 'pN', 'pM', 'stage-group'].map((k) => value({}, k))).toEqual(['T1c', 'N0', 'M0', 'IA3']);
  });

  it('takes every structure listed under "Direct Invasion of Adjacent Structures"', () => {
    const invaded = (v: string) => value({ 'Direct Invasion of Adjacent Structures': v }, 'pT');
    expect(invaded('Parietal pleura; chest wall')).toBe('T3');
    expect(invaded('Phrenic nerve')).toBe('T3');
    expect(invaded('Diaphragm')).toBe('T4');
    expect(invaded('Mediastinal fat')).toBe('T4');
    expect(invaded('Main bronchus')).toBe('T2a');
  });

  it('reads the side from "Specimen Laterality" (a left 4L node is N3 for a right tumor)', () => {
    const nodes = {
      'Regional Lymph Nodes': 'Tumor present in regional lymph node(s)',
      'Nodal Site(s) with Tumor': '4L',
    };
    expect(value(nodes, 'pN')).toBe('N3');
    expect(value({ ...nodes, 'Specimen Laterality': 'Left' }, 'pN')).toBe('N2');
  });

  it('reads in situ and minimally invasive types despite "negative for invasive carcinoma" margins', () => {
    const size = 'Total tumor size: 1.5 cm; invasive size: 0.4 cm';
    expect(value({ 'Histologic Type': 'Adenocarcinoma in situ, nonmucinous' }, 'pT')).toBe('Tis');
    expect(value({ 'Histologic Type': 'Minimally invasive adenocarcinoma', 'Tumor Size': size }, 'pT')).toBe('T1mi');
  });

  it('reads the sites listed after "Distant Metastasis: Present"', () => {
    expect(value({ 'Distant Metastasis': 'Present', 'Specify Site(s)': 'Brain' }, 'pM')).toBe('M1b');
    expect(value({ 'Distant Metastasis': 'Present', 'Specify Site(s)': 'Brain, liver' }, 'pM')).toBe('M1c');
    expect(value({ 'Distant Metastasis': 'Not applicable', 'Specify Site(s)': 'Brain' }, 'pM')).toBe('M0');
  });
});
