// The small tumour-type vocabulary evidence levels are judged against: codes, a hierarchy, OncoTree codes and free-text synonyms.

export type TumourCode =
  | 'solid'
  | 'heme'
  | 'colorectal'
  | 'pancreatic'
  | 'biliary'
  | 'cholangiocarcinoma'
  | 'gallbladder'
  | 'gastroesophageal'
  | 'esophageal-squamous'
  | 'hcc'
  | 'nsclc'
  | 'melanoma'
  | 'breast'
  | 'ovarian'
  | 'prostate'
  | 'thyroid'
  | 'endometrial'
  | 'urothelial'
  | 'glioma'
  | 'aml';

interface TumourType {
  label: string;
  parent?: TumourCode;
  /** OncoTree code sent to OncoKB as `tumorType`. */
  oncotree?: string;
}

export const TUMOUR_TYPES: Record<TumourCode, TumourType> = {
  solid: { label: 'All solid tumours' },
  heme: { label: 'Haematological malignancies' },
  colorectal: { label: 'Colorectal cancer', parent: 'solid', oncotree: 'COADREAD' },
  pancreatic: { label: 'Pancreatic adenocarcinoma', parent: 'solid', oncotree: 'PAAD' },
  biliary: { label: 'Biliary tract cancer', parent: 'solid', oncotree: 'BILIARY_TRACT' },
  cholangiocarcinoma: { label: 'Cholangiocarcinoma', parent: 'biliary', oncotree: 'CHOL' },
  gallbladder: { label: 'Gallbladder cancer', parent: 'biliary', oncotree: 'GBC' },
  gastroesophageal: { label: 'Gastric / oesophagogastric adenocarcinoma', parent: 'solid', oncotree: 'EGC' },
  'esophageal-squamous': { label: 'Oesophageal squamous cell carcinoma', parent: 'solid', oncotree: 'ESCC' },
  hcc: { label: 'Hepatocellular carcinoma', parent: 'solid', oncotree: 'HCC' },
  nsclc: { label: 'Non-small cell lung cancer', parent: 'solid', oncotree: 'NSCLC' },
  melanoma: { label: 'Melanoma', parent: 'solid', oncotree: 'MEL' },
  breast: { label: 'Breast cancer', parent: 'solid', oncotree: 'BRCA' },
  ovarian: { label: 'Ovarian cancer', parent: 'solid', oncotree: 'OVT' },
  prostate: { label: 'Prostate cancer', parent: 'solid', oncotree: 'PRAD' },
  thyroid: { label: 'Thyroid cancer', parent: 'solid', oncotree: 'THYROID' },
  endometrial: { label: 'Endometrial cancer', parent: 'solid', oncotree: 'UCEC' },
  urothelial: { label: 'Urothelial carcinoma', parent: 'solid', oncotree: 'BLCA' },
  glioma: { label: 'Diffuse glioma', parent: 'solid', oncotree: 'DIFG' },
  aml: { label: 'Acute myeloid leukaemia', parent: 'heme', oncotree: 'AML' },
};

// Order matters: the first rule whose pattern matches (and whose exclusion does not) wins.
const RULES: { code: TumourCode; pattern: RegExp; exclude?: RegExp }[] = [
  {
    code: 'solid',
    pattern: /\bsolid\b|pan ?tumou?r|tumou?r ?agnostic|\bany (tumou?r|cancer)\b|\ball (tumou?rs|cancers)\b/,
  },
  { code: 'hcc', pattern: /hepatocellular|\bhcc\b|hepatoma|\bliver (cancer|carcinoma)\b/ },
  { code: 'gallbladder', pattern: /gall ?bladder|\bgbc\b/ },
  { code: 'cholangiocarcinoma', pattern: /cholangio|\b[ie]?cca\b|\bicc\b|\bchol\b|bile duct|\bi?hch\b|\behch\b/ },
  { code: 'biliary', pattern: /biliary|\bbtc\b/ },
  { code: 'colorectal', pattern: /colorectal|\bm?crc\b|\bcolon|\brect(al|um)\b|\bcoad(read)?\b/ },
  { code: 'pancreatic', pattern: /pancrea|\bpdac\b|\bpaad\b/, exclude: /neuroendocrine|\bp?net\b/ },
  { code: 'esophageal-squamous', pattern: /\bescc\b|o?esophag\w*\s.*squamous|squamous.*o?esophag/ },
  {
    code: 'gastroesophageal',
    pattern: /gastr|stomach|\bg[eo]j\b|\bstad\b|o?esophag|\beac\b|\begc\b|cardia/,
    exclude: /stromal|\bgist\b|neuroendocrine/,
  },
  { code: 'nsclc', pattern: /\bnsclc\b|non ?small/ },
  { code: 'nsclc', pattern: /\blung\b|\bluad\b|\blusc\b/, exclude: /small cell|\bsclc\b/ },
  { code: 'melanoma', pattern: /melanoma|\bmel\b/ },
  { code: 'breast', pattern: /breast/ },
  { code: 'ovarian', pattern: /ovar|fallopian|primary peritoneal|\bhgsoc\b/ },
  { code: 'prostate', pattern: /prostat|\bm?crpc\b|\bprad\b/ },
  { code: 'thyroid', pattern: /thyroid/ },
  { code: 'endometrial', pattern: /endometri|\buterine\b|\bucec\b/, exclude: /sarcoma/ },
  { code: 'urothelial', pattern: /urothelial|\bbladder\b|\bblca\b/ },
  { code: 'glioma', pattern: /glioma|astrocytoma|glioblastoma|\bgbm\b/ },
  { code: 'aml', pattern: /\baml\b|acute myeloid/ },
];

/**
 * Maps free text ('CRC', 'intrahepatic cholangiocarcinoma', 'lung adenocarcinoma') to a vocabulary code.
 * @param text - The tumour type as written.
 * @returns The code, or undefined when the text is not recognised.
 */
export function mapTumourType(text: string): TumourCode | undefined {
  const t = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (!t) return undefined;
  return RULES.find((r) => r.pattern.test(t) && !r.exclude?.test(t))?.code;
}

/**
 * Whether `code` is `ancestor` or lies beneath it (cholangiocarcinoma is within biliary, which is within solid).
 * @param code - The narrower type.
 * @param ancestor - The broader type.
 */
export function isWithin(code: TumourCode, ancestor: TumourCode): boolean {
  for (let c: TumourCode | undefined = code; c; c = TUMOUR_TYPES[c].parent) {
    if (c === ancestor) return true;
  }
  return false;
}

/** Labels of codes, joined for display. */
export function tumourLabel(codes: readonly TumourCode[]): string {
  return codes.map((c) => TUMOUR_TYPES[c].label).join('; ');
}
