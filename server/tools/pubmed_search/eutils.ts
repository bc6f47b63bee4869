// NCBI E-utilities client (esearch + efetch) with NCBI's etiquette: tool/email/api_key on every call and a process-wide rate limit.
import { fetchText, NetError } from '../../net/fetch-retry';
import { createRateLimiter, type RateLimiter } from '../../net/rate-limiter';

export interface EutilsSettings {
  baseUrl: string;
  apiKey?: string;
  email?: string;
  signal?: AbortSignal;
  attemptTimeoutMs?: number;
}

/** `unavailable`: PubMed could not be reached or is overloaded; `rejected`: PubMed refused the request (bad query). */
export class EutilsError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    message: string
  ) {
    super(message);
    this.name = 'EutilsError';
  }
}

// NCBI allows 3 requests/s per IP without a key and 10/s with one; one limiter each for the whole process.
const limiters = { anonymous: createRateLimiter({ perSecond: 3 }), keyed: createRateLimiter({ perSecond: 10 }) };

/**
 * The shared limiter NCBI's policy requires for this credential.
 * @param hasKey - Whether an API key is sent.
 * @returns The process-wide limiter.
 */
export function ncbiLimiter(hasKey: boolean): RateLimiter {
  return hasKey ? limiters.keyed : limiters.anonymous;
}

export interface SearchRequest {
  query: string;
  retmax: number;
  sort: 'relevance' | 'pub_date';
  minYear?: number;
}

export interface SearchResult {
  count: number;
  ids: string[];
  warnings: string[];
}

/**
 * Runs esearch and returns the total hit count and the first PMIDs.
 * @param settings - Endpoint, credentials, cancellation.
 * @param request - Query, number of ids, sort order, earliest publication year.
 * @returns Count, ids in PubMed's order, and PubMed's warnings (phrases not found…).
 * @throws EutilsError
 */
export async function esearch(settings: EutilsSettings, request: SearchRequest): Promise<SearchResult> {
  const params: Record<string, string> = {
    db: 'pubmed',
    term: request.query,
    retmode: 'json',
    retmax: String(request.retmax),
    sort: request.sort,
  };
  if (request.minYear !== undefined)
    Object.assign(params, { datetype: 'pdat', mindate: String(request.minYear), maxdate: '3000' });
  const body = await call(settings, 'esearch.fcgi', params);
  let json: { error?: unknown; esearchresult?: Record<string, unknown> };
  try {
    json = JSON.parse(body);
  } catch {
    throw new EutilsError('rejected', 'PubMed esearch returned an unreadable answer (not JSON)');
  }
  const result = json.esearchresult;
  const error = result?.ERROR ?? json.error;
  if (error) throw new EutilsError('rejected', `PubMed rejected the search: ${scrub(String(error), settings)}`);
  if (!result || !Array.isArray(result.idlist))
    throw new EutilsError('rejected', 'PubMed esearch answer has no id list');
  const ids = result.idlist.map(String).filter((id) => /^\d+$/.test(id));
  return { count: Number(result.count ?? ids.length) || 0, ids, warnings: warningsOf(result) };
}

/**
 * Runs efetch for PMIDs and returns the PubmedArticleSet XML.
 * @param settings - Endpoint, credentials, cancellation.
 * @param ids - PMIDs (at most a few hundred; the tool asks for ≤ 20).
 * @returns The XML text.
 * @throws EutilsError
 */
export function efetch(settings: EutilsSettings, ids: string[]): Promise<string> {
  return call(settings, 'efetch.fcgi', { db: 'pubmed', id: ids.join(','), rettype: 'abstract', retmode: 'xml' });
}

async function call(settings: EutilsSettings, endpoint: string, params: Record<string, string>): Promise<string> {
  const url = new URL(`${settings.baseUrl}/${endpoint}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.searchParams.set('tool', 'oncoagent');
  if (settings.email) url.searchParams.set('email', settings.email);
  if (settings.apiKey) url.searchParams.set('api_key', settings.apiKey);
  let reply: Awaited<ReturnType<typeof fetchText>>;
  try {
    reply = await fetchText(url, {
      signal: settings.signal,
      limiter: ncbiLimiter(Boolean(settings.apiKey)),
      attemptTimeoutMs: settings.attemptTimeoutMs,
    });
  } catch (err) {
    if (err instanceof NetError) throw new EutilsError('unavailable', `PubMed unreachable: ${err.message}`);
    throw err;
  }
  if (reply.ok) return reply.text;
  const tries = `${reply.attempts} attempt${reply.attempts === 1 ? '' : 's'}`;
  if (reply.status === 429) {
    throw new EutilsError('unavailable', `PubMed rate limit exceeded (HTTP 429 after ${tries}); try again later`);
  }
  if (reply.status >= 500)
    throw new EutilsError('unavailable', `PubMed unreachable: HTTP ${reply.status} from ${endpoint} after ${tries}`);
  throw new EutilsError(
    'rejected',
    `PubMed rejected the request (HTTP ${reply.status}): ${scrub(detailOf(reply.text), settings)}`
  );
}

/** NCBI error bodies are JSON ({"error": …}) or short HTML/text; keep one readable line. */
function detailOf(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: unknown; esearchresult?: { ERROR?: unknown } };
    const error = json.error ?? json.esearchresult?.ERROR;
    if (error !== undefined) return String(error);
  } catch {
    // not JSON: fall through to the text
  }
  const plain = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 200 ? `${plain.slice(0, 200)}…` : plain || 'no details';
}

/** NCBI echoes the api_key in some error bodies; never pass it on. */
function scrub(message: string, settings: EutilsSettings): string {
  return settings.apiKey ? message.split(settings.apiKey).join('[api_key]') : message;
}

function warningsOf(result: Record<string, unknown>): string[] {
  const out: string[] = [];
  const lists = [result.errorlist, result.warninglist] as (Record<string, unknown> | undefined)[];
  for (const list of lists) {
    for (const [kind, values] of Object.entries(list ?? {})) {
      if (Array.isArray(values) && values.length) out.push(`PubMed ${kind}: ${values.map(String).join('; ')}`);
    }
  }
  return out;
}
