// Looks up the AJCC 8th edition stage group for a T/N/M combination in a site's table.
import type { TnmStage } from '../../../common/contracts/tools/tnm-stage';
import { normaliseCategory } from './normalise';
import { type SiteTable, type StageRow, TABLES, type TnmSite } from './tables';

export type { TnmStage } from '../../../common/contracts/tools/tnm-stage';

export type StageOutcome = { ok: true; stage: TnmStage } | { ok: false; message: string };

interface Outcome {
  key: string;
  row: StageRow | undefined;
}

const matches = (pattern: readonly string[] | 'any', value: string): boolean =>
  pattern === 'any' || pattern.includes(value);
const list = (pattern: readonly string[] | 'any', axis: string): string =>
  pattern === 'any' ? `any ${axis}` : pattern.join('/');

/** A row in words: "T3/T4a N1a/N1b/N1c M0 → IIIB". */
export const describeRow = (r: StageRow): string => `${list(r.t, 'T')} ${list(r.n, 'N')} ${r.m.join('/')} → ${r.group}`;

/** Subcategories a category stands for (itself when it has none). */
const expand = (table: SiteTable, category: string): readonly string[] => table.broader[category] ?? [category];

/** The row for every subcategory combination a (possibly broader) T/N/M stands for. */
function lookup(table: SiteTable, t: string, n: string, m: string): Outcome[] {
  return expand(table, t).flatMap((ts) =>
    expand(table, n).flatMap((ns) =>
      expand(table, m).map((ms) => ({
        key: `${ts} ${ns} ${ms}`,
        row: table.rows.find((r) => matches(r.t, ts) && matches(r.n, ns) && matches(r.m, ms)),
      }))
    )
  );
}

/** The single group all outcomes share, if every one has a row and they agree. */
function uniqueGroup(outcomes: Outcome[]): string | undefined {
  const groups = new Set(outcomes.map((o) => o.row?.group));
  return groups.size === 1 ? outcomes[0]!.row?.group : undefined;
}

/**
 * The stage group for one combination, after normalising prefixes and expanding broader categories.
 * @param site - The primary site.
 * @param t - T category, e.g. "pT3" or "T1c".
 * @param n - N category, e.g. "N1a".
 * @param m - M category, e.g. "cM0".
 * @returns The stage with its deciding rule, or a message naming the valid values or the ambiguity.
 */
export function stageGroup(site: TnmSite, t: string, n: string, m: string): StageOutcome {
  const table = TABLES[site];
  if (!table)
    return { ok: false, message: `Unsupported site "${site}"; supported: ${Object.keys(TABLES).join(', ')}.` };
  const parts = [normaliseCategory(table, 't', t), normaliseCategory(table, 'n', n), normaliseCategory(table, 'm', m)];
  const problems = parts.flatMap((p) => (p.ok ? [] : [p.message]));
  if (problems.length) return { ok: false, message: problems.join(' ') };
  const [tc, nc, mc] = parts.map((p) => (p.ok ? p.category : '')) as [string, string, string];
  const [tp, np, mp] = parts.map((p) => (p.ok ? p.prefix : null));
  const combo = `${tc} ${nc} ${mc}`;

  const outcomes = lookup(table, tc, nc, mc);
  const group = uniqueGroup(outcomes);
  if (group) {
    const rows = [...new Set(outcomes.map((o) => o.row!))];
    const broader =
      outcomes.length > 1
        ? `${combo}: every subcategory (${outcomes.map((o) => o.key).join(', ')}) gives ${group}. `
        : '';
    const notes = [tp, np, mp].some((p) => p?.startsWith('y'))
      ? [
          'y prefix: post-therapy classification, grouped with the same AJCC 8th table; it describes disease after treatment.',
        ]
      : [];
    const stage: TnmStage = {
      site,
      edition: 'AJCC 8th',
      t: tc,
      n: nc,
      m: mc,
      prefixes: { t: tp, n: np, m: mp },
      stageGroup: group,
      rule: `${broader}AJCC 8th ${table.title}: ${rows.map(describeRow).join('; ')}`,
      ...(notes.length ? { notes } : {}),
    };
    return { ok: true, stage };
  }
  if (outcomes.some((o) => o.row)) {
    const detail = outcomes.map((o) => `${o.key} → ${o.row?.group ?? 'no stage group'}`).join('; ');
    return { ok: false, message: `${combo} is ambiguous for ${site} in AJCC 8th (${detail}); give the subcategory.` };
  }
  return { ok: false, message: `AJCC 8th has no ${site} stage group for ${combo}. ${alternatives(table, tc, nc, mc)}` };
}

/** Which T (for this N and M) and which N (for this T and M) the table does stage, to help fix the input. */
function alternatives(table: SiteTable, t: string, n: string, m: string): string {
  const staged = (ts: string, ns: string): boolean => uniqueGroup(lookup(table, ts, ns, m)) !== undefined;
  const ts = table.t.filter((x) => staged(x, n));
  const ns = table.n.filter((x) => staged(t, x));
  const hints = [
    ts.length ? `with ${n} ${m} the table stages T: ${ts.join(', ')}` : `no T is staged with ${n} ${m}`,
    ns.length ? `with ${t} ${m} it stages N: ${ns.join(', ')}` : `no N is staged with ${t} ${m}`,
  ];
  return `Valid combinations: ${hints.join('; ')}.`;
}
