// Test fixtures: OncoKB IndicatorQueryResp bodies shaped like the live API's (fields trimmed; PMIDs are placeholders).

const cancerType = (name: string, mainType: string) => ({
  id: 1,
  code: '',
  color: 'Gray',
  name,
  mainType: { id: null, name: mainType, tumorForm: 'SOLID' },
  tissue: '',
  tumorForm: 'SOLID',
  level: 0,
});

const treatment = (drugs: string[], level: string, type: ReturnType<typeof cancerType>, pmids: string[] = []) => ({
  alterations: ['V600E'],
  drugs: drugs.map((drugName) => ({ ncitCode: '', drugName })),
  approvedIndications: [],
  level,
  fdaLevel: level === 'LEVEL_1' ? 'LEVEL_Fda2' : 'NO',
  levelAssociatedCancerType: type,
  levelExcludedCancerTypes: [],
  pmids,
  abstracts: [],
  description: '',
});

/** BRAF V600E in colorectal cancer, as OncoKB answers it (level 1 here, 3B from other tumour types). */
export const BRAF_V600E_CRC = {
  query: { hugoSymbol: 'BRAF', alteration: 'V600E', tumorType: 'COADREAD', referenceGenome: 'GRCh37' },
  geneExist: true,
  variantExist: true,
  alleleExist: true,
  oncogenic: 'Oncogenic',
  mutationEffect: { knownEffect: 'Gain-of-function', description: '', citations: { pmids: [], abstracts: [] } },
  highestSensitiveLevel: 'LEVEL_1',
  highestResistanceLevel: null,
  highestDiagnosticImplicationLevel: null,
  highestPrognosticImplicationLevel: 'LEVEL_Px1',
  highestFdaLevel: 'LEVEL_Fda2',
  otherSignificantSensitiveLevels: [],
  otherSignificantResistanceLevels: [],
  hotspot: true,
  treatments: [
    {
      ...treatment(['Encorafenib', 'Cetuximab'], 'LEVEL_1', cancerType('', 'Colorectal Cancer'), ['99000001']),
      approvedIndications: ['Encorafenib + cetuximab for previously treated BRAF V600E metastatic colorectal cancer'],
    },
    treatment(
      ['Dabrafenib', 'Trametinib'],
      'LEVEL_3B',
      cancerType('Non-Small Cell Lung Cancer', 'Non-Small Cell Lung Cancer')
    ),
    treatment(['Panitumumab'], 'LEVEL_DX1', cancerType('', 'Colorectal Cancer')),
  ],
  dataVersion: 'v4.24',
  lastUpdate: '02/14/2025',
  vus: false,
};

/** KRAS G12D in colorectal cancer: resistance only. */
export const KRAS_G12D_CRC = {
  ...BRAF_V600E_CRC,
  query: { hugoSymbol: 'KRAS', alteration: 'G12D', tumorType: 'COADREAD' },
  highestSensitiveLevel: null,
  highestResistanceLevel: 'LEVEL_R1',
  highestFdaLevel: 'LEVEL_Fda2',
  treatments: [
    treatment(['Cetuximab'], 'LEVEL_R1', cancerType('', 'Colorectal Cancer')),
    treatment(['Panitumumab'], 'LEVEL_R1', cancerType('', 'Colorectal Cancer')),
  ],
};

/** An alteration OncoKB does not know. */
export const UNKNOWN_VARIANT = {
  ...BRAF_V600E_CRC,
  geneExist: false,
  variantExist: false,
  oncogenic: 'Unknown',
  mutationEffect: { knownEffect: 'Unknown', description: '' },
  highestSensitiveLevel: null,
  highestFdaLevel: null,
  treatments: [],
};
