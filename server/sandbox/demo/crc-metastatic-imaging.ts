// Patient 1's two CT time points: phantom series with known liver lesions, their ImagingStudies and the reports.
import type { DiagnosticReport, Endpoint, ImagingStudy, Patient } from '@medplum/fhirtypes';
import type { PhantomLesion, PhantomSeriesSpec } from '../dicom/phantom-spec';
import type { WithId } from './builders';
import { report } from './documents';
import { abdomenCtSpec, imagingStudy, isoDate, lesionLocation } from './imaging';

type Lesion = Omit<PhantomLesion, 'radiiMm'>;
// The same two lesions at both time points; each grows by about 30 % in diameter (progression).
const SEG7: Lesion = { id: 'liver-seg7', centerMm: [112, 200, 10], hu: 35 };
const SEG4A: Lesion = { id: 'liver-seg4a', centerMm: [165, 150, 15], hu: 35 };
/** Patient 1's MRN, also the DICOM Patient ID. */
export const CRC_MRN = 'SBX-100201';
const CT = { patientId: CRC_MRN, patientName: 'Brenner^Thomas', studyDescription: 'CT ABDOMEN PELVIS W CONTRAST' };

/** Baseline staging CT, 2026-08-18. */
export const CRC_BASELINE: PhantomSeriesSpec = abdomenCtSpec({
  ...CT,
  studyNumber: 11,
  date: '2026-08-18',
  lesions: [
    { ...SEG7, radiiMm: [14, 12, 9] },
    { ...SEG4A, radiiMm: [8, 7, 6] },
  ],
});

/** Restaging CT after 6 cycles, 2026-11-17. */
export const CRC_FOLLOW_UP: PhantomSeriesSpec = abdomenCtSpec({
  ...CT,
  studyNumber: 12,
  date: '2026-11-17',
  lesions: [
    { ...SEG7, radiiMm: [18.2, 15.6, 11] },
    { ...SEG4A, radiiMm: [10.6, 9.2, 8] },
  ],
});

function baselineText(spec: PhantomSeriesSpec): string {
  const [seg7, seg4a] = spec.lesions;
  return [
    'CT ABDOMEN AND PELVIS WITH IV CONTRAST, 2026-08-18',
    'Indication: Newly diagnosed sigmoid adenocarcinoma; staging.',
    'Technique: Portal venous phase, 5 mm axial reconstructions (series 2). Comparison: none.',
    'Liver: Two hypoattenuating lesions consistent with metastases.',
    `- Segment VII lesion, ${lesionLocation(spec, seg7)}, approximately 28 x 24 mm; abuts the right hepatic vein.`,
    `- Segment IVa lesion, ${lesionLocation(spec, seg4a)}, approximately 16 x 14 mm; close to the middle hepatic vein.`,
    'Hepatic and portal veins patent. No biliary dilatation.',
    'Bowel: Circumferential wall thickening of the sigmoid colon over about 5 cm with pericolic stranding; two pericolic nodes up to 9 mm short axis.',
    'Spleen, pancreas, adrenals and kidneys unremarkable. No ascites or peritoneal nodularity. No suspicious bone lesion. Lung bases clear.',
    'IMPRESSION:',
    '1. Sigmoid primary with suspicious pericolic lymph nodes.',
    '2. Two liver metastases (segments VII and IVa), designated target lesions.',
    '3. No extrahepatic metastatic disease in the abdomen and pelvis (chest CT the same day: no pulmonary nodules).',
  ].join('\n');
}

function followUpText(spec: PhantomSeriesSpec): string {
  const [seg7, seg4a] = spec.lesions;
  return [
    'CT ABDOMEN AND PELVIS WITH IV CONTRAST, 2026-11-17',
    'Indication: Metastatic sigmoid adenocarcinoma on mFOLFOX6 + bevacizumab since 2026-08-31 (6 cycles); restaging.',
    'Technique: Portal venous phase, 5 mm axial reconstructions (series 2). Comparison: CT 2026-08-18.',
    'Liver:',
    `- Segment VII lesion, ${lesionLocation(spec, seg7)}: larger than on the prior study.`,
    `- Segment IVa lesion, ${lesionLocation(spec, seg4a)}: larger than on the prior study.`,
    'No new liver lesion. Hepatic veins patent.',
    'Sigmoid wall thickening and pericolic nodes unchanged. No ascites, no peritoneal disease, no new bone lesion.',
    'IMPRESSION: Interval enlargement of both liver metastases without new lesions, in keeping with progressive disease.',
    'Target lesions marked on the key images above for formal RECIST measurement.',
  ].join('\n');
}

/**
 * The ImagingStudies and radiology reports of both time points.
 * @param subject - Patient 1.
 * @param endpoint - The DICOMweb endpoint serving the phantoms.
 * @returns Studies and reports, oldest first.
 */
export function crcImaging(
  subject: Patient & WithId,
  endpoint: Endpoint & WithId
): { studies: (ImagingStudy & WithId)[]; reports: (DiagnosticReport & WithId)[] } {
  const timePoints = [
    {
      spec: CRC_BASELINE,
      text: baselineText,
      issued: 'T16:20:00Z',
      conclusion: 'Two liver metastases (segments VII and IVa).',
    },
    {
      spec: CRC_FOLLOW_UP,
      text: followUpText,
      issued: 'T15:45:00Z',
      conclusion: 'Enlarging liver metastases: progressive disease.',
    },
  ];
  const studies = timePoints.map(({ spec }) =>
    imagingStudy({
      id: `${subject.id}-ct-${isoDate(spec)}`,
      subject,
      spec,
      endpoint,
      started: `${isoDate(spec)}T09:00:00Z`,
      description: 'CT abdomen and pelvis with IV contrast',
    })
  );
  const reports = timePoints.map(({ spec, text, issued, conclusion }, i) =>
    report({
      id: `${studies[i].id}-report`,
      subject,
      kind: 'RAD',
      title: 'CT abdomen and pelvis with IV contrast',
      date: isoDate(spec),
      issued: `${isoDate(spec)}${issued}`,
      imagingStudy: studies[i],
      conclusion,
      text: text(spec),
    })
  );
  return { studies, reports };
}
