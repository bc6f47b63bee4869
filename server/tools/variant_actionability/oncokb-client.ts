// OncoKB REST client: picks the annotate endpoint for a query, sends the token, retries transient failures, classifies the rest.
import { fetchText, NetError } from '../../net/fetch-retry';
import { TUMOUR_TYPES } from './tumour-types';
import type { NormalisedQuery } from './types';

/** `auth`: token refused; `unreachable`: network, timeout, 429 or 5xx; `rejected`: other 4xx; `invalid`: unreadable answer. */
export type OncoKbFailure = 'auth' | 'unreachable' | 'rejected' | 'invalid';

export class OncoKbError extends Error {
  constructor(
    readonly kind: OncoKbFailure,
    message: string
  ) {
    super(message);
    this.name = 'OncoKbError';
  }
}

export interface OncoKbRequest {
  path: string;
  params: Record<string, string>;
}

// OncoKB's names for alteration classes in /annotate/mutations/byProteinChange.
const CLASS_ALTERATION: Record<string, string> = {
  'msi-h': 'MSI-H',
  'tmb-h': 'TMB-H',
  exon19del: 'Exon 19 in-frame deletions',
  exon20ins: 'Exon 20 in-frame insertions',
  'met-ex14': 'Exon 14 Skipping',
  lof: 'Oncogenic Mutations',
  oncogenic: 'Oncogenic Mutations',
};

/**
 * The OncoKB annotate call for a query.
 * @param q - The normalised query.
 * @returns The path and query parameters, or why OncoKB cannot answer it (protein expression, test results).
 */
export function oncoKbRequest(q: NormalisedQuery): OncoKbRequest | { unsupported: string } {
  const alt = q.alteration;
  // 'Any solid tumour' has no OncoTree code: without tumorType OncoKB reports each treatment at its own indication.
  const code = q.tumourCode;
  const oncotree = code && TUMOUR_TYPES[code].oncotree;
  const text = code ? undefined : q.tumourText;
  const tumorType: Record<string, string> = oncotree ? { tumorType: oncotree } : text ? { tumorType: text } : {};
  const byProtein = (hugoSymbol: string, alteration: string): OncoKbRequest => ({
    path: '/annotate/mutations/byProteinChange',
    params: { hugoSymbol, alteration, ...tumorType },
  });
  if (alt.kind === 'status')
    return { unsupported: `'${alt.display}' is a test result, not an alteration OncoKB annotates` };
  if (alt.classes.includes('msi-h')) return byProtein('Other Biomarkers', 'MSI-H');
  if (alt.classes.includes('tmb-h')) return byProtein('Other Biomarkers', 'TMB-H');
  const gene = q.gene ?? '';
  if (alt.classes.includes('fusion')) {
    const [a, b] = alt.fusionGenes ?? [gene, alt.partner];
    return {
      path: '/annotate/structuralVariants',
      params: {
        hugoSymbolA: a ?? gene,
        ...(b ? { hugoSymbolB: b } : {}),
        structuralVariantType: 'FUSION',
        isFunctionalFusion: 'true',
        ...tumorType,
      },
    };
  }
  if (alt.classes.includes('amplification') || alt.classes.includes('deletion')) {
    const type = alt.classes.includes('amplification') ? 'AMPLIFICATION' : 'DELETION';
    return {
      path: '/annotate/copyNumberAlterations',
      params: { hugoSymbol: gene, copyNameAlterationType: type, ...tumorType },
    };
  }
  if (alt.classes.includes('overexpression')) {
    return { unsupported: 'OncoKB annotates genomic alterations, not protein expression (IHC)' };
  }
  if (alt.kind === 'protein') return byProtein(gene, alt.display);
  const named = alt.classes.map((c) => CLASS_ALTERATION[c]).find(Boolean);
  return named ? byProtein(gene, named) : { unsupported: `OncoKB has no query for '${alt.display}'` };
}

export interface OncoKbSettings {
  baseUrl: string;
  token: string;
  /** The tool's time budget; OncoKB gets part of it so the offline fallback still has time. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Backoff before the first retry (tests shorten it). */
  baseDelayMs?: number;
}

/**
 * Calls OncoKB and returns its parsed JSON. Retries 429/5xx/network failures twice with backoff.
 * @param request - Path and parameters from `oncoKbRequest`.
 * @param settings - Base URL, token, time budget, cancellation.
 * @returns The JSON body.
 * @throws OncoKbError classified by cause; the token never appears in messages.
 */
export async function fetchOncoKb(request: OncoKbRequest, settings: OncoKbSettings): Promise<unknown> {
  const url = new URL(`${settings.baseUrl}${request.path}`);
  for (const [k, v] of Object.entries(request.params)) url.searchParams.set(k, v);
  const budgetMs = Math.max(300, Math.floor(settings.timeoutMs * 0.6));
  const deadline = AbortSignal.timeout(budgetMs);
  let reply: Awaited<ReturnType<typeof fetchText>>;
  try {
    reply = await fetchText(url, {
      headers: { Authorization: `Bearer ${settings.token}`, Accept: 'application/json' },
      signal: settings.signal ? AbortSignal.any([settings.signal, deadline]) : deadline,
      attemptTimeoutMs: Math.max(100, Math.floor(budgetMs / 3)),
      retries: 2,
      baseDelayMs: settings.baseDelayMs,
      maxBytes: 5_000_000,
    });
  } catch (err) {
    if (!(err instanceof NetError)) throw err;
    if (err.kind === 'aborted' && !deadline.aborted) throw err;
    const why = err.kind === 'aborted' ? `no answer within ${budgetMs} ms` : err.message;
    throw new OncoKbError('unreachable', `OncoKB unreachable (service down): ${why}`);
  }
  const tries = `after ${reply.attempts} attempt${reply.attempts === 1 ? '' : 's'}`;
  if (reply.status === 401 || reply.status === 403) {
    throw new OncoKbError('auth', `OncoKB rejected the token (auth failed, HTTP ${reply.status})`);
  }
  if (reply.status === 429)
    throw new OncoKbError('unreachable', `OncoKB unreachable (rate limited, HTTP 429 ${tries})`);
  if (reply.status >= 500 || reply.status === 408) {
    throw new OncoKbError('unreachable', `OncoKB unreachable (service down): HTTP ${reply.status} ${tries}`);
  }
  if (!reply.ok)
    throw new OncoKbError(
      'rejected',
      `OncoKB rejected the query (HTTP ${reply.status}) ${scrub(reply.text, settings.token)}`
    );
  try {
    return JSON.parse(reply.text);
  } catch {
    throw new OncoKbError('invalid', 'OncoKB returned an unreadable answer (not JSON)');
  }
}

/** One short line of an error body, with the token removed should a server echo it. */
function scrub(body: string, token: string): string {
  const line = body.replace(/\s+/g, ' ').trim().slice(0, 200);
  return token ? line.split(token).join('[token]') : line;
}
