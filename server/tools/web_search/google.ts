// Google Programmable Search provider: the Custom Search JSON API (GET ?key=…&cx=…&q=…&num=…).
import type { HttpReply } from '../../net/fetch-retry';
import { cleanResults, getJson, ProviderError, type WebSearchProvider } from './provider';

interface GoogleAnswer {
  items?: { title?: unknown; link?: unknown; snippet?: unknown }[];
}

export interface GoogleSettings {
  key: string;
  cx: string;
  baseUrl: string;
}

/**
 * A provider for one Programmable Search Engine.
 * @param settings - API key (GOOGLE_CSE_KEY), engine id (GOOGLE_CSE_ID), endpoint (GOOGLE_CSE_BASE_URL).
 * @returns The provider.
 */
export function googleProvider(settings: GoogleSettings): WebSearchProvider {
  return {
    name: 'google',
    async search(query, n, signal) {
      const url = new URL(settings.baseUrl);
      url.searchParams.set('key', settings.key);
      url.searchParams.set('cx', settings.cx);
      url.searchParams.set('q', query);
      url.searchParams.set('num', String(Math.min(10, Math.max(1, n))));
      const answer = (await getJson(url, 'Google Programmable Search', signal, (reply) =>
        explain(reply, settings.key)
      )) as GoogleAnswer;
      // No `items` is how the API says "no results".
      return cleanResults(
        (answer?.items ?? []).map((i) => ({ title: i.title, url: i.link, snippet: i.snippet })),
        n
      );
    },
  };
}

/** Google answers a bad key with 400 and an exhausted quota with 403/429: configuration problems, not bad queries. */
function explain(reply: HttpReply, key: string): ProviderError | undefined {
  let message = '';
  try {
    message = String((JSON.parse(reply.text) as { error?: { message?: unknown } }).error?.message ?? '');
  } catch {
    // not JSON: keep the status only
  }
  message = message.split(key).join('[key]').slice(0, 300);
  const detail = message ? `: ${message}` : '';
  if (/api key/i.test(message) || reply.status === 401) {
    return new ProviderError(
      'unavailable',
      `Google Programmable Search rejected GOOGLE_CSE_KEY (HTTP ${reply.status})${detail}`
    );
  }
  if (reply.status === 403 || reply.status === 429) {
    return new ProviderError(
      'unavailable',
      `Google Programmable Search quota or access denied (HTTP ${reply.status})${detail}`
    );
  }
  if (reply.status >= 400 && reply.status < 500) {
    return new ProviderError(
      'rejected',
      `Google Programmable Search refused the request (HTTP ${reply.status})${detail}`
    );
  }
  return undefined;
}
