// The web search provider contract and the HTTP plumbing providers share: status → failure kind, JSON reading, result cleanup.
import { fetchText, type HttpReply, NetError } from '../../net/fetch-retry';

export interface WebResult {
  title: string;
  url: string;
  snippet: string;
}

/** A search backend. `search` throws ProviderError on failure. */
export interface WebSearchProvider {
  name: 'searxng' | 'google';
  search(query: string, n: number, signal?: AbortSignal): Promise<WebResult[]>;
}

/** `unavailable`: unreachable, overloaded or not usable with this configuration; `rejected`: the request itself was refused. */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    message: string
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * GETs a provider URL and parses its JSON, mapping transport failures and 429/5xx to `unavailable`, other 4xx to `rejected`.
 * @param url - The request URL (its query may carry a key; it never appears in messages).
 * @param label - The provider's name for messages, e.g. "SearXNG".
 * @param signal - Cancellation / deadline.
 * @param explain - Optional hook that turns a failed reply into a more specific ProviderError.
 * @returns The parsed JSON body.
 * @throws ProviderError
 */
export async function getJson(
  url: URL,
  label: string,
  signal: AbortSignal | undefined,
  explain?: (reply: HttpReply) => ProviderError | undefined
): Promise<unknown> {
  let reply: HttpReply;
  try {
    reply = await fetchText(url, { signal, headers: { accept: 'application/json' }, attemptTimeoutMs: 10_000 });
  } catch (err) {
    if (err instanceof NetError) throw new ProviderError('unavailable', `${label} unreachable: ${err.message}`);
    throw err;
  }
  if (!reply.ok) {
    const specific = explain?.(reply);
    if (specific) throw specific;
    if (reply.status === 429) throw new ProviderError('unavailable', `${label} rate limit or quota reached (HTTP 429)`);
    if (reply.status >= 500) throw new ProviderError('unavailable', `${label} unreachable: HTTP ${reply.status}`);
    throw new ProviderError('rejected', `${label} refused the request (HTTP ${reply.status})`);
  }
  try {
    return JSON.parse(reply.text);
  } catch {
    throw new ProviderError('rejected', `${label} returned an unreadable answer (not JSON)`);
  }
}

/**
 * Keeps only http(s) results with a title or snippet, as plain single-line text of bounded length, without duplicate URLs.
 * Web text is data: nothing here is interpreted.
 * @param raw - Provider results mapped to title/url/snippet (possibly missing or odd types).
 * @param n - Maximum results.
 * @returns Clean results.
 */
export function cleanResults(raw: { title?: unknown; url?: unknown; snippet?: unknown }[], n: number): WebResult[] {
  const seen = new Set<string>();
  const out: WebResult[] = [];
  for (const r of raw) {
    const url = typeof r.url === 'string' ? httpUrl(r.url) : undefined;
    const title = plain(r.title, 300);
    const snippet = plain(r.snippet, 1000);
    if (!url || seen.has(url) || !(title || snippet)) continue;
    seen.add(url);
    out.push({ title, url, snippet });
    if (out.length >= n) break;
  }
  return out;
}

function httpUrl(value: string): string | undefined {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/g;

function plain(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const s = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
