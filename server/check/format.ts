// The report for a terminal: one line per check (status, title, what was found), the fix for each warn or fail
// indented below it per server, and a closing verdict.
import type { CheckFix, CheckReport } from './report';

const MARK = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' } as const;
const WHO: [keyof CheckFix, string][] = [
  ['any', 'fix'],
  ['medplum', 'Medplum'],
  ['hapi', 'HAPI'],
  ['smart', 'SMART launcher'],
];

/**
 * Renders the report as text.
 * @param report - The report.
 * @returns Lines ending in a newline.
 */
export function formatReport(report: CheckReport): string {
  const width = Math.max(...report.checks.map((c) => c.title.length));
  const out = [`OncoAgent check of ${report.fhirBase}`];
  for (const c of report.checks) {
    out.push(`${MARK[c.status]}  ${c.title.padEnd(width)}  ${c.found}`);
    for (const [key, label] of WHO) {
      const text = c.fix?.[key];
      if (text) out.push(`      ${label}: ${text}`);
    }
  }
  const fails = report.checks.filter((c) => c.status === 'fail').length;
  const warns = report.checks.filter((c) => c.status === 'warn').length;
  out.push(
    report.exitCode === 0
      ? `Ready: ${report.checks.length} checks passed${warns ? ` (${warns} with a warning)` : ''}.`
      : `Not ready: ${fails} of ${report.checks.length} checks need a change.`
  );
  return `${out.join('\n')}\n`;
}
