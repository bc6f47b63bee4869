// The sentence a clinician (or an integrator at the terminal) reads after a commit: what is in the chart now, what the
// EHR refused and why, and what was taken back. It never says "saved" unless every entry was written.
import type { CommitReport, RefusedEntry } from './commit';

export interface MessageContext {
  /** Where the commit stopped: the lookup, the write, a sign-off update, an unanswered write, or done. */
  stage: 'lookup' | 'write' | 'sign-off' | 'silence' | 'unknown' | 'done';
  signed: boolean;
  /** The transaction came back partly written (the EHR did not apply it atomically). */
  partial?: boolean;
  detail?: string;
}

const RESULT_TYPES = new Set(['Observation', 'DiagnosticReport', 'QuestionnaireResponse']);
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function reasons(refused: RefusedEntry[]): string {
  const byText = new Map<string, Set<string>>();
  for (const r of refused) {
    const text = r.text || (r.status ? `status ${r.status}` : 'no answer');
    const types = byText.get(text) ?? new Set<string>();
    types.add(r.resourceType);
    byText.set(text, types);
  }
  return [...byText]
    .slice(0, 3)
    .map(([text, types]) => `${[...types].filter((t) => t !== 'Bundle').join(', ') || 'request'}: ${text}`)
    .join('; ');
}

function authHint(refused: RefusedEntry[]): string {
  if (refused.some((r) => r.status === 401)) return ' Your EHR session has expired: relaunch OncoAgent from the EHR.';
  if (refused.some((r) => r.status === 403)) {
    return " The EHR did not allow this with your session's permissions (scopes); ask your EHR administrator.";
  }
  return '';
}

/**
 * Composes the message.
 * @param r - The report so far.
 * @param ctx - Where the commit ended.
 * @returns One paragraph.
 */
export function commitMessage(r: CommitReport, ctx: MessageContext): string {
  const results = (list: { resourceType: string }[]) => list.filter((e) => RESULT_TYPES.has(e.resourceType)).length;
  switch (ctx.stage) {
    case 'lookup':
      return `Nothing was written: the EHR refused the check of what the chart already holds (${reasons(r.refused)}).${authHint(r.refused)}`;
    case 'write': {
      const refused = `the EHR refused ${plural(r.refused.length, 'entry', 'entries')} (${reasons(r.refused)})`;
      const how = ctx.partial ? ' It had applied the other entries one by one instead of all or nothing.' : '';
      if (r.left.length === 0) {
        const n = r.undone.length;
        const back = n
          ? ` The ${plural(n, 'entry', 'entries')} it had written ${n === 1 ? 'was' : 'were'} taken back.`
          : '';
        return `Nothing was saved to the chart: ${refused}.${how}${back}${authHint(r.refused)}`;
      }
      const left = r.left.map((e) => `${e.resourceType} (${e.text})`).join(', ');
      const verb = r.left.length === 1 ? 'is' : 'are';
      return (
        `The save is incomplete: ${refused}.${how} ${plural(r.left.length, 'entry', 'entries')} it had written could ` +
        `not be taken back and ${verb} in the chart now: ${left}. Retrying writes only what is missing.${authHint(r.refused)}`
      );
    }
    case 'unknown':
      return `The EHR did not answer the save (${ctx.detail}), and the chart could not be checked afterwards: the results may or may not be in the chart. Retrying is safe: nothing is written twice.`;
    case 'silence': {
      const found = r.existing.length;
      if (r.refused.length === 0) {
        return `Saved to the chart: the EHR did not answer the save (${ctx.detail}), but a check afterwards found all ${found} entries in the chart.`;
      }
      return `The save is incomplete: the EHR did not answer (${ctx.detail}), and a check afterwards found ${found} of ${found + r.refused.length} entries in the chart. Retrying writes only what is missing.`;
    }
    case 'sign-off':
      return `The new results were saved, but ${plural(r.refused.length, 'result')} already in the chart could not be signed: ${r.refused.map((e) => e.text).join('; ')}.${authHint(r.refused)}`;
    default: {
      const created = results(r.created);
      const existing = results(r.existing);
      const parts = [
        created ? `${plural(created, 'new result')} ${ctx.signed ? 'signed and ' : ''}saved` : '',
        existing ? `${plural(existing, 'result')} already in the chart` : '',
        r.signedOff.length ? `${plural(r.signedOff.length, 'earlier preliminary result')} now signed` : '',
        r.superseded.length ? `${plural(r.superseded.length, 'earlier result')} marked as superseded` : '',
      ].filter(Boolean);
      const head = created || r.signedOff.length ? 'Saved to the chart' : 'Nothing new to save';
      return `${head}: ${parts.join('; ') || 'nothing to write'}.${r.warnings.length ? ` Note: ${r.warnings.join('; ')}.` : ''}`;
    }
  }
}
