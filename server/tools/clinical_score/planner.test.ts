// clinical_score: Child-Pugh from SI-unit labs with exam findings written in notes, ECOG from Karnofsky, and
// creatinine clearance when a renally dosed drug is given.
import { describe, expect, it } from 'vitest';
import { factsWith, startRule } from '../../agent/planner/test-facts';
import { clinicalScoreRule } from './planner';

const si = {
  bilirubin: { ref: 'Observation/bili', value: 34, unit: 'µmol/L' },
  albumin: { ref: 'Observation/alb', value: 31, unit: 'g/L' },
  inr: { ref: 'Observation/inr', value: 1.3, unit: '' },
};
const scores = (calls: { args: unknown }[]) => calls.map((c) => (c.args as { score: string }).score);

describe('clinicalScoreRule', () => {
  it('scores Child-Pugh in SI units with ascites and encephalopathy read from a clinical note', () => {
    const facts = factsWith('Hepatocellular carcinoma', {
      liver: si,
      texts: [{ ref: 'DocumentReference/n', text: 'Exam: mild ascites. No signs of hepatic encephalopathy.' }],
    });
    const [cp] = startRule(clinicalScoreRule(), facts);
    expect(cp?.args).toEqual({
      score: 'child_pugh',
      bilirubin: { value: 34, unit: 'µmol/L' },
      albumin: { value: 31, unit: 'g/L' },
      inr: 1.3,
      ascites: 'mild',
      encephalopathy: 'none',
    });
  });
  it('gives no Child-Pugh without the exam findings (only ALBI)', () => {
    expect(scores(startRule(clinicalScoreRule(), factsWith('Hepatocellular carcinoma', { liver: si })))).toEqual([
      'albi',
    ]);
  });
  it('converts a Karnofsky status when no ECOG is recorded', () => {
    const facts = factsWith('Gastric adenocarcinoma', { dosing: { karnofsky: { ref: 'Observation/kps', value: 70 } } });
    expect(startRule(clinicalScoreRule(), facts).map((c) => c.args)).toEqual([
      { score: 'ecog_karnofsky', karnofsky: 70 },
    ]);
  });
  it('computes creatinine clearance for a cisplatin regimen, not for FOLFOX', () => {
    const dosing = {
      creatinine: { ref: 'Observation/cr', value: 98, unit: 'µmol/L' as const },
      weightKg: { ref: 'Observation/w', value: 64 },
      ageYears: 71,
      sex: 'female' as const,
    };
    const line = (drugs: string[]) => [{ start: '2026-02', drugs, refs: ['MedicationRequest/m'] }];
    const cis = factsWith('Oesophageal adenocarcinoma', { dosing, therapyLines: line(['cisplatin', 'fluorouracil']) });
    expect(scores(startRule(clinicalScoreRule(), cis))).toEqual(['crcl_cockcroft_gault']);
    const folfox = factsWith('Colon cancer', { dosing, therapyLines: line(['oxaliplatin', 'fluorouracil']) });
    expect(startRule(clinicalScoreRule(), folfox)).toEqual([]);
  });
  it('scores Child-Pugh (not ALBI) for another tumour when the record affirms cirrhosis, never when it denies it', () => {
    const exam = { ref: 'DocumentReference/n', text: 'No ascites. No hepatic encephalopathy.' };
    const cirrhotic = factsWith('Intrahepatic cholangiocarcinoma', {
      liver: si,
      texts: [{ ref: 'Condition/cir', text: 'Alcohol-related liver cirrhosis' }, exam],
    });
    expect(scores(startRule(clinicalScoreRule(), cirrhotic))).toEqual(['child_pugh']);
    const healthy = factsWith('Intrahepatic cholangiocarcinoma', {
      liver: si,
      texts: [{ ref: 'DiagnosticReport/ct', text: 'Non-cirrhotic liver; no signs of cirrhosis.' }, exam],
    });
    expect(startRule(clinicalScoreRule(), healthy)).toEqual([]);
  });
  it('computes creatinine clearance before a planned cisplatin regimen and when the question asks about it', () => {
    const dosing = {
      creatinine: { ref: 'Observation/cr', value: 1.4, unit: 'mg/dL' as const },
      weightKg: { ref: 'Observation/w', value: 58 },
      ageYears: 77,
      sex: 'male' as const,
    };
    const planned = factsWith('Gastric adenocarcinoma', { dosing, plannedDrugs: ['cisplatin'] });
    expect(scores(startRule(clinicalScoreRule(), planned))).toEqual(['crcl_cockcroft_gault']);
    const asked = factsWith('Biliary tract cancer', { dosing });
    expect(scores(startRule(clinicalScoreRule(), asked, 'Can he receive gemcitabine and cisplatin?'))).toEqual([
      'crcl_cockcroft_gault',
    ]);
    expect(startRule(clinicalScoreRule(), asked, 'Options after progression?')).toEqual([]);
  });
  it('scores Child-Pugh and ALBI from labs written in a clinic note when none is coded', () => {
    const note = {
      ref: 'DocumentReference/clinic',
      text: 'Labs today: total bilirubin 2,4 mg/dL, albumin 3.1 g/dL, INR 1.5. Moderate ascites; no encephalopathy.',
    };
    const facts = factsWith('Hepatocellular carcinoma', { texts: [note] });
    const [cp, albi] = startRule(clinicalScoreRule(), facts);
    expect(cp?.args).toEqual({
      score: 'child_pugh',
      bilirubin: { value: 2.4, unit: 'mg/dL' },
      albumin: { value: 3.1, unit: 'g/dL' },
      inr: 1.5,
      ascites: 'moderate_severe',
      encephalopathy: 'none',
    });
    expect(albi?.args).toMatchObject({ score: 'albi' });
  });
  it('scores Child-Pugh with an unrecorded encephalopathy taken as none and says so; not with both findings missing', () => {
    const facts = factsWith('Hepatocellular carcinoma', {
      liver: si,
      texts: [{ ref: 'DocumentReference/n', text: 'Exam: no ascites.' }],
    });
    const [cp] = startRule(clinicalScoreRule(), facts);
    expect(cp?.args).toMatchObject({ score: 'child_pugh', ascites: 'none', encephalopathy: 'none' });
    expect(cp?.reason).toMatch(/assumption: hepatic encephalopathy not recorded/);
    expect(scores(startRule(clinicalScoreRule(), factsWith('Hepatocellular carcinoma', { liver: si })))).toEqual([
      'albi',
    ]);
  });
  it('computes body surface area for a per-m² regimen when height and weight are recorded, never without height', () => {
    const dosing = { weightKg: { ref: 'Observation/w', value: 70 }, heightCm: { ref: 'Observation/h', value: 175 } };
    const line = [{ start: '2026-02', drugs: ['oxaliplatin', 'fluorouracil'], refs: ['MedicationRequest/m'] }];
    const folfox = factsWith('Colon cancer', { dosing, therapyLines: line });
    expect(startRule(clinicalScoreRule(), folfox).map((c) => c.args)).toEqual([
      { score: 'bsa_mosteller', heightCm: 175, weightKg: 70 },
    ]);
    expect(
      scores(startRule(clinicalScoreRule(), factsWith('Colon cancer', { dosing }), 'What dose of FOLFIRI?'))
    ).toEqual(['bsa_mosteller']);
    expect(startRule(clinicalScoreRule(), factsWith('Colon cancer', { dosing }), 'Stage?')).toEqual([]);
    const noHeight = factsWith('Colon cancer', { dosing: { weightKg: dosing.weightKg }, therapyLines: line });
    expect(startRule(clinicalScoreRule(), noHeight)).toEqual([]);
  });
});
