// SearXNG provider: the instance's JSON API (GET /search?q=…&format=json), which must have "json" in search.formats.
import { cleanResults, getJson, ProviderError, type WebSearchProvider } from './provider';

interface SearxngAnswer {
  results?: { title?: unknown; url?: unknown; content?: unknown }[];
}

/**
 * A provider for one SearXNG instance.
 * @param baseUrl - The instance's base URL (SEARXNG_URL), possibly with a path prefix, e.g. https://search.example.org/searx
 * @returns The provider.
 */
export function searxngProvider(baseUrl: string): WebSearchProvider {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    name: 'searxng',
    async search(query, n, signal) {
      const url = new URL('search', base);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const answer = (await getJson(url, 'SearXNG', signal, (reply) =>
        reply.status === 403
          ? new ProviderError(
              'unavailable',
              'SearXNG refused format=json (HTTP 403): enable "json" under search.formats in the instance settings'
            )
          : undefined
      )) as SearxngAnswer;
      if (!Array.isArray(answer?.results)) throw new ProviderError('rejected', 'SearXNG answer has no results list');
      return cleanResults(
        answer.results.map((r) => ({ title: r.title, url: r.url, snippet: r.content })),
        n
      );
    },
  };
}
