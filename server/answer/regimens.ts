// The line of therapy a decision is about, counted in regimens rather than orders: drugs of one regimen started in
// the same month (an antibody added from cycle 2, a drug started a week later) are one line, so a later-line option
// is offered only when the recorded lines match it.
import { isAnticancer, type TherapyLine, therapyLine } from './query-parts';
import type { TherapyItem } from './summary';

/** A pause longer than this before the same drugs again makes a new line (rechallenge, relapse after adjuvant). */
const MAX_PAUSE_MONTHS = 4;

const month = (d: string | undefined): string => d?.slice(0, 7) ?? 'undated';

function monthsBetween(a: string, b: string): number {
  const m = (x: string) => /^(\d{4})-(\d{2})$/.exec(x);
  const [x, y] = [m(a), m(b)];
  if (!x || !y) return 0;
  return (Number(y[1]) - Number(x[1])) * 12 + Number(y[2]) - Number(x[2]);
}

const stem = (drug: string): string =>
  drug
    .toLowerCase()
    .replace(/\s*\(.*\)$/, '')
    .trim();

/**
 * The ended regimens among the therapy items, oldest first: items grouped by start month, and a group with the same
 * drugs (or a part of them) within a few months continuing the one before; drugs started with the running regimen
 * belong to it.
 * @param items - The summary's therapy items.
 * @returns One set of drug names per regimen.
 */
export function endedRegimens(items: TherapyItem[]): Set<string>[] {
  const cancer = items.filter((t) => isAnticancer(t.drug) && t.status !== 'entered-in-error');
  // A drug stopped early from the running regimen (oxaliplatin for neuropathy) is part of it, not a line before it.
  const running = new Set(
    cancer.filter((t) => t.status === 'active' || t.status === 'on-hold').map((t) => month(t.start))
  );
  const ended = cancer.filter(
    (t) => (t.status === 'stopped' || t.status === 'completed') && !(t.start && running.has(month(t.start)))
  );
  const groups = new Map<string, Set<string>>();
  for (const t of ended) groups.set(month(t.start), (groups.get(month(t.start)) ?? new Set()).add(stem(t.drug)));
  const out: { start: string; drugs: Set<string> }[] = [];
  for (const [start, drugs] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const prev = out.at(-1);
    const same = prev && ([...drugs].every((d) => prev.drugs.has(d)) || [...prev.drugs].every((d) => drugs.has(d)));
    if (prev && same && monthsBetween(prev.start, start) <= MAX_PAUSE_MONTHS) for (const d of drugs) prev.drugs.add(d);
    else out.push({ start, drugs: new Set(drugs) });
  }
  return out.map((r) => r.drugs);
}

/**
 * The line the next decision is about, with ended regimens counted as regimens (see query-parts' therapyLine).
 * @param items - The summary's therapy items.
 * @param progression - Whether progression on the current regimen is recorded.
 * @returns The line, or undefined when the record shows no anticancer therapy.
 */
export function decisionLine(items: TherapyItem[], progression: boolean): TherapyLine | undefined {
  const byOrders = therapyLine(items, progression);
  if (!byOrders) return undefined;
  const active = items.some((t) => isAnticancer(t.drug) && (t.status === 'active' || t.status === 'on-hold'));
  const line = endedRegimens(items).length + (active && progression ? 2 : 1);
  return { ...byOrders, line, label: ['first', 'second', 'third'][line - 1] ?? 'later' };
}
