// Reads back the agent's record summary (one topic per line, references in brackets): the answer pipeline gets the
// record only in this form, and needs its tumour, stage, therapy lines, other conditions and imaging to plan queries.

export interface TherapyItem {
  drug: string;
  status: string;
  start?: string;
  end?: string;
  /** The order's note or the reason it stopped, e.g. "first line" or "Progressive disease on CT 2026-05-11". */
  note: string;
}

export interface SummaryFacts {
  /** As the agent named it for the tools, e.g. "colorectal cancer". */
  tumourType?: string;
  /** The condition as written, e.g. "Adenocarcinoma of sigmoid colon". */
  primaryText?: string;
  primaryRef?: string;
  stage?: string;
  metastatic: boolean;
  conditions: { text: string; ref: string }[];
  /** The molecular line as written (empty when the record has no structured molecular result). */
  molecular: string;
  ecog?: number;
  labs: string[];
  therapies: TherapyItem[];
  imaging: { date?: string; modality?: string; ref: string }[];
  reports: { title: string; ref: string; conclusion: string }[];
}

const STATUS = 'active|on-hold|planned|cancelled|completed|entered-in-error|stopped|draft|unknown|intended|not-taken';
const THERAPY = new RegExp(`^(.+?) \\((${STATUS})(?:,\\s*([^)]*))?\\)(?::\\s*(.*))?$`);
const DATE = /\d{4}(?:-\d{2}(?:-\d{2})?)?/;

/** Splits on "; " outside parentheses and brackets. */
function splitItems(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[') depth++;
    else if ((ch === ')' || ch === ']') && depth > 0) depth--;
    else if (ch === ';' && depth === 0 && text[i + 1] === ' ') {
      out.push(text.slice(start, i).trim());
      start = i + 2;
    }
  }
  out.push(text.slice(start).trim());
  return out.filter(Boolean);
}

function therapyItem(text: string): TherapyItem | undefined {
  const m = THERAPY.exec(text);
  if (!m) return undefined;
  const [, drug, status, detail = '', note = ''] = m;
  const [when = '', ...why] = detail.split('; ');
  const period = /^(\S+) to (\S+)$/.exec(when.trim());
  const ordered = /^ordered (\S+)$/.exec(when.trim());
  const date = (v?: string) => (v && DATE.test(v) ? v : undefined);
  return {
    drug: drug!.trim(),
    status: status!,
    start: date(period?.[1] ?? ordered?.[1]),
    end: date(period?.[2]),
    note: [note, ...why].join(' ').trim(),
  };
}

const field = (lines: string[], name: string): string | undefined =>
  lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);

/**
 * Parses a record summary written by the agent's `summariseRecord`.
 * @param summary - The summary text.
 * @returns The facts it states; fields it lacks stay empty.
 */
export function parseSummary(summary: string): SummaryFacts {
  const lines = summary.split('\n');
  const primary = field(lines, 'Primary cancer');
  const p = primary && /^(.*) \(([^()]*)\) \[([^\]]+)\](?:; stage: (.*))?$/.exec(primary);
  const stage = p ? p[4]?.trim() : undefined;
  const conditions = splitItems(field(lines, 'Other conditions') ?? '').flatMap((item) => {
    const m = /^(.*) \[([^\]]+)\]$/.exec(item);
    return m ? [{ text: m[1]!, ref: m[2]! }] : [];
  });
  const ecog = /^(\d)/.exec(field(lines, 'ECOG') ?? '');
  const metastatic =
    /\bstage\s*IV|\bIV[ABC]?\b|\bc?M1[abc]?\b|metasta/i.test(stage ?? '') ||
    conditions.some((c) => /metasta/i.test(c.text));
  return {
    ...(p ? { primaryText: p[1], tumourType: p[2], primaryRef: p[3] } : {}),
    ...(stage ? { stage } : {}),
    metastatic,
    conditions,
    molecular: field(lines, 'Molecular') ?? '',
    ...(ecog ? { ecog: Number(ecog[1]) } : {}),
    labs: splitItems(field(lines, 'Labs (latest)') ?? ''),
    therapies: splitItems(field(lines, 'Therapy') ?? '')
      .map(therapyItem)
      .filter((t): t is TherapyItem => t !== undefined),
    imaging: lines.flatMap((l) => {
      const m = /^Imaging (\S+) (\S*) ?".*" \[([^\]]+)\]/.exec(l);
      return m
        ? [{ ...(m[1] !== 'undated' ? { date: m[1] } : {}), ...(m[2] ? { modality: m[2] } : {}), ref: m[3]! }]
        : [];
    }),
    reports: lines.flatMap((l) => {
      const m = /^Report \S* ?"(.*)" \[([^\]]+)\]: (.*)$/.exec(l);
      return m ? [{ title: m[1]!, ref: m[2]!, conclusion: m[3]! }] : [];
    }),
  };
}
