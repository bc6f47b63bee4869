// Every AJCC 8th lung T descriptor, each on a sentence written for this test, plus the T rules of the second round:
// superior sulcus, fissure, superficial spreading, pneumonic-type, multiple primaries, gross vs microscopic size.
import { describe, expect, it } from 'vitest';
import { extractLung } from '.';

const pT = (text: string) => extractLung(text).answers.pT?.value ?? null;
const RLL = 'Right lower lobectomy: squamous cell carcinoma, 2.2 cm';

describe('AJCC 8th T descriptors, one by one', () => {
  it.each([
    ['Tis', 'Right upper lobe wedge: adenocarcinoma in situ, 1.8 cm, nonmucinous.'],
    ['T1mi', 'Right upper lobe wedge: minimally invasive adenocarcinoma, 1.5 cm.'],
    ['T1a', 'Left upper lobe wedge: invasive adenocarcinoma, 0.8 cm.'],
    ['T1b', 'Left upper lobe wedge: invasive adenocarcinoma, 1.7 cm.'],
    ['T1c', 'Left upper lobe wedge: invasive adenocarcinoma, 2.9 cm.'],
    ['T2a', `${RLL}, penetrating the elastic layer of the visceral pleura (PL1).`],
    ['T2a', `${RLL}; it involves the right main bronchus 1.5 cm distal to the carina.`],
    ['T2a', `${RLL}, with obstructive pneumonitis extending to the hilum.`],
    ['T2b', 'Left lower lobectomy: adenocarcinoma, 4.4 cm.'],
    ['T3', 'Left lower lobectomy: adenocarcinoma, 6.3 cm.'],
    ['T3', `${RLL}; the parietal pleura is invaded (PL3).`],
    ['T3', `${RLL}, invading the chest wall soft tissue.`],
    ['T3', `${RLL}, invading the phrenic nerve.`],
    ['T3', `${RLL}, invading the parietal pericardium.`],
    ['T3', `${RLL}. A separate tumor nodule of identical histology lies in the same lobe.`],
    ['T4', 'Left lower lobectomy: adenocarcinoma, 7.6 cm.'],
    ['T4', `${RLL}, invading the diaphragm.`],
    ['T4', `${RLL}, extending into the mediastinal fat.`],
    ['T4', `Right pneumonectomy: squamous cell carcinoma, 2.2 cm, invading the left atrium.`],
    ['T4', `Right pneumonectomy: squamous cell carcinoma, 2.2 cm, invading the superior vena cava.`],
    ['T4', `Right pneumonectomy: squamous cell carcinoma, 2.2 cm, invading the trachea.`],
    ['T4', `Right pneumonectomy: squamous cell carcinoma, 2.2 cm, invading the carina.`],
    ['T4', `Left pneumonectomy: squamous cell carcinoma, 2.2 cm, invading the recurrent laryngeal nerve.`],
    ['T4', `${RLL}, invading the esophageal muscular wall.`],
    ['T4', `${RLL}, invading a vertebral body.`],
    [
      'T4',
      'Right upper lobectomy: adenocarcinoma, 2.2 cm. A separate nodule of the same histology is in the right lower lobe.',
    ],
  ])('%s: %s', (want, text) => {
    expect(pT(text)).toBe(want);
  });
});

describe('superior sulcus tumors (AJCC 8th)', () => {
  const sulcus = 'Right upper lobe superior sulcus carcinoma, 3.5 cm,';
  it('stages T1 root, lower trunk, stellate ganglion and sympathetic chain as T3', () => {
    expect(pT(`${sulcus} invading the stellate ganglion and the sympathetic chain.`)).toBe('T3');
    expect(pT(`${sulcus} involving the lower trunk of the brachial plexus at the T1 root.`)).toBe('T3');
  });

  it('stages C8 or higher roots, subclavian encasement and the spinal canal as T4', () => {
    expect(pT(`${sulcus} invading the C8 nerve root.`)).toBe('T4');
    expect(pT(`${sulcus} encasing the subclavian artery.`)).toBe('T4');
    expect(pT(`${sulcus} extending through the neural foramen into the spinal canal.`)).toBe('T4');
  });
});

describe('T rules beyond size and structure', () => {
  it('reads direct invasion of an adjacent lobe across the fissure as T2a', () => {
    expect(pT(`${RLL}, invading across the major fissure into the right middle lobe.`)).toBe('T2a');
    expect(pT(`${RLL}; the tumor abuts the fissure.`)).toBe('T1c');
  });

  it('stages a superficial spreading tumor limited to the bronchial wall as T1a at any size', () => {
    const t =
      'Right pneumonectomy: superficial spreading squamous cell carcinoma, 3.4 cm in length along the mucosa, reaching the main bronchus. Invasion is limited to the bronchial wall.';
    expect(pT(t)).toBe('T1a');
  });

  it('stages pneumonic-type adenocarcinoma T3 in one lobe and T4 across ipsilateral lobes', () => {
    expect(
      pT('Left lower lobectomy: pneumonic-type invasive mucinous adenocarcinoma confined to the left lower lobe.')
    ).toBe('T3');
    expect(
      pT('Left pneumonectomy: pneumonic-type mucinous adenocarcinoma involving the left upper and left lower lobes.')
    ).toBe('T4');
  });

  it('gives T0 without residual tumor and TX when the primary cannot be assessed', () => {
    expect(pT('Right upper lobectomy after chemoradiation: no residual viable carcinoma; fibrosis only.')).toBe('T0');
    expect(pT('Right upper lobectomy, fragmented: carcinoma present; tumor size cannot be assessed.')).toBe('TX');
  });

  it('stages several primaries or multifocal lepidic tumors by the largest, not as separate nodules', () => {
    expect(pT('Right upper lobectomy with two separate primary adenocarcinomas: tumor A 1.2 cm, tumor B 3.4 cm.')).toBe(
      'T2a'
    );
    expect(
      pT('Left lower lobectomy: multifocal lepidic adenocarcinoma, three ground-glass foci, the largest 2.5 cm.')
    ).toBe('T1c');
  });

  it('takes the microscopic size when gross and microscopic measurements differ', () => {
    expect(pT('Left upper lobectomy. Grossly the mass is 3.5 cm; microscopically the carcinoma measures 2.6 cm.')).toBe(
      'T1c'
    );
    expect(pT('Left upper lobectomy. Gross tumor size 2.5 cm. Microscopic tumor size 3.3 cm.')).toBe('T2a');
  });
});
