// Batched embedding for ingest: requests of EMBED_BATCH texts, with the reply checked before anything is written.
import type { Embedder } from '../llm/types';

/** Texts per embeddings request: providers cap inputs per call (OpenAI 2,048) and bodies by size. */
const EMBED_BATCH = 128;

/**
 * Embeds texts in batches and checks the vectors: one per text, all of one length, all finite.
 * @param embedder - The embedder.
 * @param texts - Texts in order.
 * @returns Vectors in the same order; throws on a short, ragged or non-finite reply.
 */
export async function embedAll(embedder: Embedder, texts: string[]): Promise<number[][]> {
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += EMBED_BATCH) {
    const batch = texts.slice(i, i + EMBED_BATCH);
    const vectors = await embedder.embed(batch);
    if (vectors.length !== batch.length)
      throw new Error(`The embedder returned ${vectors.length} vectors for ${batch.length} texts`);
    out.push(...vectors);
  }
  const dims = out[0]?.length ?? 0;
  if (out.some((v) => v.length !== dims || v.some((x) => !Number.isFinite(x))))
    throw new Error('The embedder returned vectors of differing lengths or with non-finite values');
  return out;
}
