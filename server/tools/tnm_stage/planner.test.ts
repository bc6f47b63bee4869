// tnm_stage stages T, N and M written in reports (each in its own sentence) unless a stage group is already recorded.
import { describe, expect, it } from 'vitest';
import { factsWith, startRule } from '../../agent/planner/test-facts';
import { tnmStageRule } from './planner';

const text = (ref: string, t: string) => ({ ref, text: t });

describe('tnmStageRule', () => {
  it('stages categories scattered over a pathology and an imaging report', () => {
    const facts = factsWith('Adenocarcinoma of the right upper lobe of lung', {
      texts: [
        text('DiagnosticReport/path', 'Lobectomy. Tumour 3.4 cm, pT2a. Hilar node 1/4 involved, pN1.'),
        text('DiagnosticReport/pet', 'PET-CT: no distant uptake; cM0.'),
      ],
    });
    const [call] = startRule(tnmStageRule(), facts);
    expect(call?.args).toEqual({ site: 'lung', t: 'pT2a', n: 'pN1', m: 'cM0' });
  });
  it('does not stage when a stage group is recorded, nor from MRI weighting words', () => {
    const staged = factsWith('Sigmoid colon adenocarcinoma', {
      texts: [text('DiagnosticReport/p', 'pT3 pN1a cM0, UICC stage IIIB.')],
    });
    expect(startRule(tnmStageRule(), staged)).toEqual([]);
    const mri = factsWith('Rectal adenocarcinoma', {
      texts: [text('DiagnosticReport/m', 'T2-weighted images show a mass; N1 nodes; M0.')],
    });
    expect(startRule(tnmStageRule(), mri)).toEqual([]);
  });
  it('does not stage a site the AJCC tables here do not cover', () => {
    const gastric = factsWith('Gastric adenocarcinoma', { texts: [text('DiagnosticReport/g', 'pT3 pN2 cM0')] });
    expect(startRule(tnmStageRule(), gastric)).toEqual([]);
  });
});
