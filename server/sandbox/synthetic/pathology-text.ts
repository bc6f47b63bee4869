// The wording of a synthetic colorectal resection report: three phrasings of the same facts (procedure, site, size,
// distances, margins, extent, nodes), so extraction is exercised on more than one template of text.

/** The facts a synthetic resection report states. */
export interface Tumour {
  site: 'cecum' | 'ascending' | 'descending' | 'sigmoid' | 'rectum';
  sizeCm: number;
  /** pT category 1–4. */
  t: number;
  nodes: number;
  positive: number;
  distalCm: number;
  radialCm: number;
  perforated: boolean;
  /** Which phrasing (0–2). */
  variant: number;
}

const PROCEDURE: Record<Tumour['site'], string> = {
  cecum: 'right hemicolectomy',
  ascending: 'right hemicolectomy',
  descending: 'left hemicolectomy',
  sigmoid: 'sigmoidectomy',
  rectum: 'low anterior resection',
};
const WHERE: Record<Tumour['site'], string> = {
  cecum: 'the cecum',
  ascending: 'the ascending colon',
  descending: 'the descending colon',
  sigmoid: 'the sigmoid colon',
  rectum: 'the rectum, below the peritoneal reflection',
};
const EXTENT = [
  '',
  'The tumor is confined to the submucosa.',
  'Grossly the tumor invades into but not through the muscularis propria.',
  'The tumor invades through the muscularis propria into the pericolorectal fat.',
  'The tumor penetrates the visceral peritoneum.',
];

/**
 * The report text.
 * @param x - The facts.
 * @returns A gross description and diagnosis, one sentence per line.
 */
export function grossText(x: Tumour): string {
  const size = `${x.sizeCm} x ${Math.max(0.5, x.sizeCm - 0.8).toFixed(1)} x ${Math.max(0.3, x.sizeCm / 3).toFixed(1)} cm`;
  const perforation = x.perforated
    ? 'There is a gross perforation at the tumor site.'
    : 'There is no gross perforation.';
  const nodes = `${x.nodes} lymph nodes are identified, ${x.positive} of which contain metastatic carcinoma.`;
  const lines = [
    [
      `The specimen is received fresh and consists of a ${PROCEDURE[x.site]}.`,
      `An ulcerated mass is present in ${WHERE[x.site]}, measuring ${size}.`,
      `The mass is ${x.distalCm} cm from the distal margin and ${x.radialCm} cm from the radial (mesenteric) margin.`,
    ],
    [
      `Procedure: ${PROCEDURE[x.site]}.`,
      `Tumor site: ${WHERE[x.site]}. Tumor size: ${size}.`,
      `Distance to distal margin ${x.distalCm} cm; distance to radial margin ${x.radialCm} cm.`,
    ],
    [
      `Received in formalin is a ${PROCEDURE[x.site]} specimen.`,
      `Within ${WHERE[x.site]} there is an exophytic tumor of ${size}.`,
      `It lies ${x.distalCm} cm from the distal resection margin and ${x.radialCm} cm from the radial margin.`,
    ],
  ][x.variant % 3]!;
  return [
    'SURGICAL PATHOLOGY REPORT: COLORECTAL RESECTION',
    ...lines,
    EXTENT[x.t] ?? '',
    perforation,
    'All margins are uninvolved by carcinoma.',
    nodes,
    `Diagnosis: Adenocarcinoma, moderately differentiated, pT${x.t} pN${x.positive === 0 ? 0 : x.positive < 4 ? 1 : 2}.`,
  ]
    .filter(Boolean)
    .join('\n');
}
