// AJCC 8th T rules of the third round, on sentences written for this test: a tumor located in the main bronchus,
// CAP field forms of visceral pleural invasion, hedged invasion, the largest dimension and where sizes are written.
import { describe, expect, it } from 'vitest';
import { extractLung } from '.';
import { locatedIn } from './t-descriptors';

const pT = (text: string) => extractLung(text).answers.pT?.value ?? null;
const N = ' Lymph nodes 0/6.';

describe('main bronchus (T2 regardless of the distance to the carina)', () => {
  it('reads a tumor arising in, centred on or within the main bronchus as T2a', () => {
    expect(pT(`Right pneumonectomy: squamous cell carcinoma, 2.0 cm, arising in the right main bronchus.${N}`)).toBe(
      'T2a'
    );
    expect(pT(`Right pneumonectomy: squamous cell carcinoma 2.5 cm centred on the right main bronchus.${N}`)).toBe(
      'T2a'
    );
    expect(
      pT(`Left pneumonectomy: carcinoma 1.6 cm within the left mainstem bronchus, 1 cm from the carina.${N}`)
    ).toBe('T2a');
  });

  it('does not read a lobar bronchus, a distance or a margin as the main bronchus', () => {
    const t = 'Right lower lobectomy: squamous cell carcinoma 2.5 cm located in the lower lobe bronchus';
    expect(pT(`${t}, 2 cm from the main bronchus.${N}`)).toBe('T1c');
    expect(pT(`Right upper lobectomy: carcinoma 2.5 cm; tumor in the main bronchus margin is absent.${N}`)).toBe('T1c');
    expect(locatedIn('tumor located in the main bronchus', 'tumor located in the '.length)).toBe(true);
  });
});

describe('visceral pleural invasion written as a field', () => {
  const RUL = 'Right upper lobectomy: adenocarcinoma 2.0 cm.';
  it('reads "Visceral pleural invasion: present" and "… is identified" as T2a', () => {
    expect(pT(`${RUL} Visceral pleural invasion: present.${N}`)).toBe('T2a');
    expect(pT(`${RUL} Visceral pleural invasion identified (elastic stain).${N}`)).toBe('T2a');
    expect(pT(`${RUL} Visceral pleural invasion is present.${N}`)).toBe('T2a');
  });

  it('keeps the lower T when invasion is absent, indeterminate or hedged (AJCC: when in doubt, the lower)', () => {
    expect(pT(`${RUL} Visceral pleural invasion: absent (PL0).${N}`)).toBe('T1b');
    expect(pT(`${RUL} Visceral pleural invasion: cannot be determined.${N}`)).toBe('T1b');
    expect(pT(`${RUL} Visceral pleural invasion cannot be excluded.${N}`)).toBe('T1b');
    expect(pT(`${RUL} Suspicious for, but not diagnostic of, chest wall invasion.${N}`)).toBe('T1b');
  });

  it('keeps an affirmed invasion next to a hedge about another structure', () => {
    expect(pT(`${RUL} Visceral pleural invasion present, chest wall invasion cannot be excluded.${N}`)).toBe('T2a');
  });
});

describe('pleural layers (PL1/PL2 visceral T2a, PL3 parietal T3)', () => {
  const RUL = 'Right upper lobectomy: adenocarcinoma, 2.0 cm.';
  it('reads invasion beyond the elastic lamina or to the pleural surface as visceral (T2a), not a vertebral lamina', () => {
    expect(pT(`${RUL} Tumor invades beyond the elastic lamina.${N}`)).toBe('T2a');
    expect(pT(`${RUL} The tumor reaches the visceral pleural surface.${N}`)).toBe('T2a');
    expect(pT(`${RUL} The tumor approaches but does not reach the pleural surface.${N}`)).toBe('T1b');
  });

  it('reads the diaphragmatic pleura as parietal pleura (T3), the diaphragm muscle as T4', () => {
    const RLL = 'Right lower lobectomy: adenocarcinoma 2.0 cm';
    expect(pT(`${RLL} invading the diaphragmatic pleura only.${N}`)).toBe('T3');
    expect(pT(`${RLL} invading through the diaphragmatic pleura into the diaphragm muscle.${N}`)).toBe('T4');
  });
});

describe('T4 structures named as a wall or field', () => {
  it('reads invasion of the tracheal wall and mediastinal fat as T4', () => {
    expect(pT(`Right pneumonectomy: carcinoma 2.0 cm. Invasion of the tracheal wall.${N}`)).toBe('T4');
    expect(pT(`Left upper lobectomy: carcinoma 2.5 cm. Mediastinal fat invasion: present.${N}`)).toBe('T4');
    expect(pT(`Left upper lobectomy: carcinoma 2.5 cm. Mediastinal fat invasion: not identified.${N}`)).toBe('T1c');
  });

  it('tells phrenic nerve (T3) from diaphragm (T4) and parietal pericardium (T3) from myocardium (T4)', () => {
    const base = 'Left lower lobectomy: adenocarcinoma, 2.2 cm,';
    expect(pT(`${base} invading the phrenic nerve.${N}`)).toBe('T3');
    expect(pT(`${base} invading the phrenic nerve and the diaphragm.${N}`)).toBe('T4');
    expect(pT(`${base} invading the parietal pericardium.${N}`)).toBe('T3');
    expect(pT(`${base} invading through the pericardium into the myocardium.${N}`)).toBe('T4');
  });
});

describe('the size that sets T', () => {
  it('takes the largest of "a x b x c" in cm or mm', () => {
    expect(pT(`Right upper lobectomy: adenocarcinoma, 2.1 x 2.8 x 1.5 cm.${N}`)).toBe('T1c');
    expect(pT(`Right upper lobectomy: adenocarcinoma measuring 32 x 45 x 20 mm.${N}`)).toBe('T2b');
    expect(pT(`Right upper lobectomy, 18 x 12 x 4 cm, containing a 2.5 cm firm mass.${N}`)).toBe('T1c');
  });

  it('reads a "greatest dimension of tumor" field and a microscopic size written after the number', () => {
    expect(pT(`Left lower lobectomy. Greatest dimension of tumor: 18 mm.${N}`)).toBe('T1b');
    expect(
      pT(`Left upper lobectomy: adenocarcinoma. Tumor size: 2.5 cm grossly; 3.2 cm on microscopic review.${N}`)
    ).toBe('T2a');
  });

  it('reads a lesion of the same histology in another ipsilateral lobe as a separate nodule (T4)', () => {
    expect(pT(`LUL lobectomy: adenocarcinoma 2.5 cm. LN 0/4. LLL wedge: metastatic adenocarcinoma.`)).toBe('T4');
    expect(pT(`Right upper lobectomy: adenocarcinoma, 2.1 cm, same histology as the prior biopsy.${N}`)).toBe('T1c');
  });
});
