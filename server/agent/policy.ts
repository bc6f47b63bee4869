// The structural defence against prompt injection: a call is run only when its tool exists (all tools are read-only;
// nothing writes to the EHR), every reference or URL it carries belongs to this patient's record, an external search
// was asked for in the clinician's own question or is indicated by the record's facts, and the round's call limit is kept. Rejections become observations.
import { isExternalTool } from '../tools/adapter-registry';
import type { QuestionAsks } from './question';

export interface PolicyContext {
  /** Tool names that may be called. */
  tools: ReadonlySet<string>;
  /** `Type/id` and image-instance references of the record. */
  references: ReadonlySet<string>;
  /** Attachment URLs the record holds. */
  urls: ReadonlySet<string>;
  asks: QuestionAsks;
  /**
   * A search the record's facts indicate (planner/search-rule.ts indicatedSearch): which external tools may run
   * without the question asking, and the one query they may send (built from the facts, never from record text).
   */
  indicatedSearch?: { tools: ReadonlySet<string>; query: string };
  maxCallsPerRound: number;
}

/** Starts the message of every call the policy refused (the model planner recognises it). */
export const REJECTED_PREFIX = 'Rejected by policy:';

export type Verdict = { ok: true } | { ok: false; reason: string };

/** A whole string that is a FHIR reference (possibly with an image path below a study). */
const REFERENCE =
  /^(?:ImagingStudy|DocumentReference|Binary|Media|DiagnosticReport|Observation|Patient|Condition|Endpoint|Procedure|Specimen|Medication\w*|Practitioner\w*|Organization|Encounter|Group|Bundle)\/[A-Za-z0-9\-.]{1,64}(\/.*)?$/;
const URL_LIKE = /^(?:(?:https?|ftps?|file|data|blob|wss?|gopher|dict|ldap|jar):|\/\/)/i;
const LOCAL_PATH = /^(?:\/|\.{1,2}\/|~|[A-Za-z]:\\|file:)/;
/** Argument names whose value is always something to fetch, never free text. */
const FETCH_KEYS = new Set(['image', 'features', 'url', 'reference']);

function strings(
  value: unknown,
  key = '',
  out: { key: string; value: string }[] = []
): { key: string; value: string }[] {
  if (typeof value === 'string') out.push({ key, value });
  else if (Array.isArray(value)) for (const v of value) strings(v, key, out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, k, out);
  return out;
}

function checkString(key: string, value: string, ctx: PolicyContext): string | undefined {
  const v = value.trim();
  if (REFERENCE.test(v)) {
    // Attachments may name a Binary relatively ("Binary/123"): such a URL of the record counts as well.
    return ctx.references.has(v) || ctx.urls.has(v) ? undefined : `${v} is not part of this patient's record`;
  }
  if (URL_LIKE.test(v)) {
    return ctx.urls.has(v) ? undefined : `the URL ${v.slice(0, 120)} is not an attachment of this patient's record`;
  }
  if (FETCH_KEYS.has(key)) {
    return LOCAL_PATH.test(v)
      ? `local files cannot be read in a workup (${key}: ${v.slice(0, 80)})`
      : `${key} must name an item of this patient's record (got "${v.slice(0, 80)}")`;
  }
  return undefined;
}

/** Whether a search call is the one the record's facts indicate (same tool family, exactly the facts' query). */
function indicated(call: { tool: string; args: unknown }, ctx: PolicyContext): boolean {
  const query = (call.args as { query?: unknown } | null)?.query;
  return !!ctx.indicatedSearch?.tools.has(call.tool) && query === ctx.indicatedSearch.query;
}

/**
 * Decides whether one call may run.
 * @param call - Tool name and (parsed) arguments.
 * @param indexInRound - 0-based position of the call within its round.
 * @param ctx - What the record and the question allow.
 * @returns ok, or the reason for rejecting it (shown to the model and the clinician).
 */
export function checkCall(call: { tool: string; args: unknown }, indexInRound: number, ctx: PolicyContext): Verdict {
  if (!ctx.tools.has(call.tool)) {
    return {
      ok: false,
      reason: `there is no tool "${call.tool}" (tools are read-only; nothing can write to the record)`,
    };
  }
  if (indexInRound >= ctx.maxCallsPerRound) {
    return { ok: false, reason: `at most ${ctx.maxCallsPerRound} tool calls may run in one round` };
  }
  // External searches (pubmed_search, web_search: their adapters say so) need the question to ask for them, or the
  // record's structured facts to indicate them (progression after lines, rare alteration) — never record instructions.
  if (isExternalTool(call.tool) && !ctx.asks.literature && !ctx.asks.web && !indicated(call, ctx)) {
    return {
      ok: false,
      reason: `${call.tool} runs only when the clinician's question asks for literature or web sources, or with the query the record's facts indicate; neither holds`,
    };
  }
  for (const { key, value } of strings(call.args)) {
    const problem = checkString(key, value, ctx);
    if (problem) return { ok: false, reason: problem };
  }
  return { ok: true };
}
