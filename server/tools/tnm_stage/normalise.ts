// Reads a T, N or M category as people write it ("pT3", "ypN1a", "cM0", "t1MI") and returns the table's spelling.
import type { SiteTable } from './tables';

export type Axis = 't' | 'n' | 'm';

/** AJCC classification prefixes: clinical, pathological, post-therapy (y), recurrence (r), autopsy (a). */
export const PREFIXES = ['yp', 'yc', 'rp', 'rc', 'p', 'c', 'y', 'r', 'a'] as const;
export type TnmPrefix = (typeof PREFIXES)[number];

export type Normalised =
  | { ok: true; category: string; prefix: TnmPrefix | null; given: string }
  | { ok: false; message: string };

const PATTERN = new RegExp(`^(${PREFIXES.join('|')})?\\s*([TNM].*)$`, 'i');

/**
 * Normalises one category against a site's table.
 * @param table - The site's stage table.
 * @param axis - Which of T, N, M the value is.
 * @param raw - The value as given.
 * @returns The category as the table spells it and the prefix, or a message naming the valid values.
 */
export function normaliseCategory(table: SiteTable, axis: Axis, raw: string): Normalised {
  const letter = axis.toUpperCase();
  const valid = table[axis];
  const invalid = (): Normalised => ({
    ok: false,
    message: `"${raw}" is not a ${letter} category for ${table.site} in AJCC 8th; valid: ${valid.join(', ')} (optionally prefixed with c, p, yc, yp, r or a).`,
  });
  const match = PATTERN.exec(raw.trim().replace(/\s+/g, ''));
  if (!match || match[2]![0]!.toUpperCase() !== letter) return invalid();
  const body = match[2]!.toLowerCase();
  const alias = Object.entries(table.aliases ?? {}).find(([k]) => k.toLowerCase() === body)?.[1];
  const category = alias ?? valid.find((v) => v.toLowerCase() === body);
  if (!category) return invalid();
  return { ok: true, category, prefix: (match[1]?.toLowerCase() as TnmPrefix | undefined) ?? null, given: raw };
}
