// A cross-encoder reranker behind an HTTP `/rerank` endpoint: Cohere/Jina/vLLM request shape or Hugging Face TEI's.
import { z } from 'zod';
import { fetchText, safeUrl } from '../net/fetch-retry';
import type { Reranker } from './rerank';
import type { Passage } from './types';

export interface CrossEncoderOptions {
  /** The full endpoint URL, e.g. http://127.0.0.1:8081/rerank or https://api.cohere.com/v2/rerank. */
  url: string;
  /** Model name, sent in the Cohere-style body (TEI serves one model and ignores it). */
  model?: string;
  /** Sent as a bearer token; never logged. */
  apiKey?: string;
  /** `cohere`: `{model, query, documents, top_n}` → `{results:[{index, relevance_score}]}`; `tei`: `{query, texts}` → `[{index, score}]`. */
  format?: 'cohere' | 'tei';
  /** Per attempt (default 15 s). */
  timeoutMs?: number;
  /** Retries on 429/5xx/network errors (default 2). */
  retries?: number;
  /** Characters of each passage sent (default 2,000; cross-encoders truncate at ~512 tokens anyway). */
  maxChars?: number;
}

const Scores = z.union([
  z.object({ results: z.array(z.object({ index: z.number().int(), relevance_score: z.number() })) }),
  z.array(z.object({ index: z.number().int(), score: z.number() })),
]);

/** Scores every (query, passage) pair with a cross-encoder served over HTTP. */
export class CrossEncoderReranker implements Reranker {
  readonly name = 'cross-encoder';
  constructor(private readonly options: CrossEncoderOptions) {}

  async rerank(
    query: string,
    passages: Passage[],
    options: { topN?: number; signal?: AbortSignal } = {}
  ): Promise<Passage[]> {
    if (passages.length === 0) return [];
    const o = this.options;
    const documents = passages.map((p) => `${p.chunk.section}\n${p.chunk.text}`.slice(0, o.maxChars ?? 2000));
    const body =
      o.format === 'tei'
        ? { query, texts: documents, truncate: true }
        : { ...(o.model ? { model: o.model } : {}), query, documents, top_n: passages.length, return_documents: false };
    const reply = await fetchText(o.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}) },
      body: JSON.stringify(body),
      idempotent: true,
      attemptTimeoutMs: o.timeoutMs ?? 15_000,
      retries: o.retries ?? 2,
      signal: options.signal,
    });
    const where = safeUrl(o.url);
    if (!reply.ok) throw new Error(`The rerank endpoint ${where} answered HTTP ${reply.status}`);
    let parsed: z.infer<typeof Scores>;
    try {
      parsed = Scores.parse(JSON.parse(reply.text));
    } catch {
      throw new Error(
        `The rerank endpoint ${where} replied without results[{index, relevance_score}] or [{index, score}]`
      );
    }
    const pairs = Array.isArray(parsed)
      ? parsed.map((r) => ({ index: r.index, score: r.score }))
      : parsed.results.map((r) => ({ index: r.index, score: r.relevance_score }));
    const scores = new Map<number, number>();
    for (const { index, score } of pairs) {
      if (index < 0 || index >= passages.length)
        throw new Error(`The rerank endpoint ${where} returned index ${index} for ${passages.length} documents`);
      scores.set(index, score);
    }
    // Passages the endpoint left out (a top_n it applied anyway) keep their first-stage order, below the scored ones.
    const floor = scores.size ? Math.min(...scores.values()) - 1 : 0;
    const ranked = passages.map((p, i) => ({ p, i, s: scores.get(i) ?? floor })).sort((a, b) => b.s - a.s || a.i - b.i);
    return ranked
      .slice(0, options.topN ?? ranked.length)
      .map(({ p, s }) => ({ chunk: p.chunk, score: s, method: 'rerank' }));
  }
}
