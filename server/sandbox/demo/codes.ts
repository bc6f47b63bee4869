// Code systems, profiles and the few real codes the demo patients use, so no patient file spells a URL or code twice.

/** Code system and identifier system URLs. */
export const SYSTEM = {
  loinc: 'http://loinc.org',
  snomed: 'http://snomed.info/sct',
  icd10cm: 'http://hl7.org/fhir/sid/icd-10-cm',
  rxnorm: 'http://www.nlm.nih.gov/research/umls/rxnorm',
  hgnc: 'http://www.genenames.org',
  ucum: 'http://unitsofmeasure.org',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  interpretation: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
  diagnosticService: 'http://terminology.hl7.org/CodeSystem/v2-0074',
  identifierType: 'http://terminology.hl7.org/CodeSystem/v2-0203',
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  conditionVerification: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  documentCategory: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category',
  dicom: 'http://dicom.nema.org/resources/ontology/DCM',
  endpointConnection: 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type',
  /** The sandbox's own medical record numbers. */
  mrn: 'urn:oncoagent:sandbox:mrn',
  /** The sandbox's own document categories (not a standard system). */
  sandboxDocumentCategory: 'urn:oncoagent:sandbox:document-category',
} as const;

const MCODE = 'http://hl7.org/fhir/us/mcode/StructureDefinition';

/** Profiles declared in `meta.profile`. */
export const PROFILE = {
  cancerPatient: `${MCODE}/mcode-cancer-patient`,
  primaryCancer: `${MCODE}/mcode-primary-cancer-condition`,
  secondaryCancer: `${MCODE}/mcode-secondary-cancer-condition`,
  tumorMarker: `${MCODE}/mcode-tumor-marker-test`,
  ecog: `${MCODE}/mcode-ecog-performance-status`,
  variant: 'http://hl7.org/fhir/uv/genomics-reporting/StructureDefinition/variant',
} as const;

/** mCODE extensions. */
export const EXTENSION = {
  relatedPrimary: `${MCODE}/mcode-related-primary-cancer-condition`,
  histologyMorphology: `${MCODE}/mcode-histology-morphology-behavior`,
} as const;

/** LOINC codes that are not lab analytes: report types, note types, genomics and scores. */
export const LOINC = {
  ecog: ['89247-1', 'ECOG Performance Status score'],
  msi: ['81695-9', 'Microsatellite instability [Interpretation] in Cancer specimen Qualitative'],
  tmb: ['94076-7', 'Mutations/Megabase [# Ratio] in Tumor'],
  variantAssessment: ['69548-6', 'Genetic variant assessment'],
  geneStudied: ['48018-6', 'Gene studied [ID]'],
  aminoAcidChange: ['48005-3', 'Amino acid change (pHGVS)'],
  dnaChange: ['48004-6', 'DNA change (c.HGVS)'],
  imagingReport: ['18748-4', 'Diagnostic imaging study'],
  pathologyReport: ['11526-1', 'Pathology study'],
  geneticReport: ['81247-9', 'Master HL7 genetic variant reporting panel'],
  progressNote: ['11506-3', 'Progress note'],
  historyAndPhysical: ['34117-2', 'History and physical note'],
  consultNote: ['11488-4', 'Consult note'],
  present: ['LA9633-4', 'Present'],
  absent: ['LA9634-2', 'Absent'],
} as const satisfies Record<string, readonly [string, string]>;

/** A laboratory analyte: LOINC code, UCUM unit and adult reference range. */
export interface LabDef {
  code: string;
  display: string;
  ucum: string;
  low?: number;
  high?: number;
  /** True for serum tumor markers (mCODE tumor marker test). */
  tumorMarker?: boolean;
}

/** The lab analytes the demo patients use. */
export const LAB = {
  cea: {
    code: '2039-6',
    display: 'Carcinoembryonic Ag [Mass/volume] in Serum or Plasma',
    ucum: 'ng/mL',
    high: 5,
    tumorMarker: true,
  },
  ca199: {
    code: '24108-3',
    display: 'Cancer Ag 19-9 [Units/volume] in Serum or Plasma',
    ucum: 'U/mL',
    high: 37,
    tumorMarker: true,
  },
  afp: {
    code: '1834-1',
    display: 'Alpha-1-Fetoprotein [Mass/volume] in Serum or Plasma',
    ucum: 'ng/mL',
    high: 10,
    tumorMarker: true,
  },
  bilirubin: {
    code: '1975-2',
    display: 'Bilirubin.total [Mass/volume] in Serum or Plasma',
    ucum: 'mg/dL',
    low: 0.2,
    high: 1.2,
  },
  albumin: { code: '1751-7', display: 'Albumin [Mass/volume] in Serum or Plasma', ucum: 'g/dL', low: 3.5, high: 5 },
  inr: {
    code: '6301-6',
    display: 'INR in Platelet poor plasma by Coagulation assay',
    ucum: '{INR}',
    low: 0.8,
    high: 1.2,
  },
  creatinine: {
    code: '2160-0',
    display: 'Creatinine [Mass/volume] in Serum or Plasma',
    ucum: 'mg/dL',
    low: 0.6,
    high: 1.3,
  },
  platelets: {
    code: '777-3',
    display: 'Platelets [#/volume] in Blood by Automated count',
    ucum: '10*3/uL',
    low: 150,
    high: 400,
  },
  hemoglobin: { code: '718-7', display: 'Hemoglobin [Mass/volume] in Blood', ucum: 'g/dL', low: 12, high: 17.5 },
  neutrophils: {
    code: '751-8',
    display: 'Neutrophils [#/volume] in Blood by Automated count',
    ucum: '10*3/uL',
    low: 1.8,
    high: 7.7,
  },
  magnesium: {
    code: '19123-9',
    display: 'Magnesium [Mass/volume] in Serum or Plasma',
    ucum: 'mg/dL',
    low: 1.7,
    high: 2.2,
  },
  sodium: { code: '2951-2', display: 'Sodium [Moles/volume] in Serum or Plasma', ucum: 'mmol/L', low: 135, high: 145 },
  alt: {
    code: '1742-6',
    display: 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
    ucum: 'U/L',
    high: 41,
  },
} as const satisfies Record<string, LabDef>;

export type LabKey = keyof typeof LAB;

/** RxNorm ingredient codes we are sure of; any other drug is written as text only. */
export const RXNORM = {
  oxaliplatin: '32592',
  fluorouracil: '4492',
  leucovorin: '6313',
  irinotecan: '51499',
  capecitabine: '194000',
  bevacizumab: '253337',
  panitumumab: '263034',
  gemcitabine: '12574',
  cisplatin: '2555',
  doxycycline: '3640',
  propranolol: '8787',
  spironolactone: '9997',
  furosemide: '4603',
  metformin: '6809',
  atorvastatin: '83367',
} as const;

/** HGNC ids of the genes the demo reports name. */
export const HGNC = {
  KRAS: 'HGNC:6407',
  NRAS: 'HGNC:7989',
  BRAF: 'HGNC:1097',
  TP53: 'HGNC:11998',
  APC: 'HGNC:583',
  ROS1: 'HGNC:10261',
} as const;

/** SNOMED CT concepts used for conditions and body sites. */
export const SNOMED = {
  colonCancer: ['363406005', 'Malignant tumor of colon'],
  rectalCancer: ['363351006', 'Malignant tumor of rectum'],
  pancreasCancer: ['363418001', 'Malignant tumor of pancreas'],
  liverMetastasis: ['94381002', 'Secondary malignant neoplasm of liver'],
  lungMetastasis: ['94391008', 'Secondary malignant neoplasm of lung'],
  cirrhosis: ['19943007', 'Cirrhosis of liver'],
  adenocarcinoma: ['35917007', 'Adenocarcinoma, no subtype'],
  sigmoidColon: ['60184004', 'Sigmoid colon structure'],
  descendingColon: ['32622004', 'Descending colon structure'],
  rectum: ['34402009', 'Rectum structure'],
  liver: ['10200004', 'Liver structure'],
  pancreasHead: ['64163001', 'Head of pancreas structure'],
  lung: ['39607008', 'Lung structure'],
} as const satisfies Record<string, readonly [string, string]>;
