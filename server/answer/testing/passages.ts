// Test fixture: a handful of guideline passages and a retrieval over them by shared words, standing in for the
// knowledge index in unit tests (the integration tests use the real index).
import { contentTerms } from '../../rag/lexical';
import type { Chunk, Passage } from '../../rag/types';

/** A guideline passage (chunk) of the test corpus shape; other tests build their own passages with it. */
export function chunk(docId: string, sectionId: string, title: string, section: string, text: string): Chunk {
  return {
    id: `${docId}#${sectionId}@128:0`,
    docId,
    sectionId,
    title,
    section,
    source: 'Test guideline (2025)',
    year: 2025,
    size: 128,
    index: 0,
    tokens: 60,
    text,
    docHash: 'test',
  };
}

export const CHUNKS: Chunk[] = [
  chunk(
    'crc',
    'testing',
    'Metastatic colorectal cancer',
    'Molecular testing before first-line treatment of mCRC',
    '- **RAS (KRAS and NRAS):** any activating mutation excludes anti-EGFR antibodies (cetuximab, panitumumab).\n- **BRAF V600E:** test at diagnosis of metastatic disease.'
  ),
  chunk(
    'supportive',
    'htn',
    'Supportive care',
    'Hypertension with anti-angiogenic therapy',
    'Blood pressure should be measured before each bevacizumab dose. Withhold bevacizumab for severe hypertension not controlled with medical management.'
  ),
  chunk(
    'recist',
    'pd',
    'RECIST 1.1',
    'Target lesion response categories',
    'Progressive disease is at least a 20 percent increase in the sum of diameters of target lesions, with an absolute increase of at least 5 mm.'
  ),
  chunk(
    'crc',
    'second-line',
    'Metastatic colorectal cancer',
    'Second-line systemic therapy for mCRC',
    'After progression on oxaliplatin-based first-line therapy, FOLFIRI with an anti-angiogenic agent is the usual second-line treatment of metastatic colorectal cancer.'
  ),
  chunk(
    'btc',
    'her2',
    'Biliary tract cancer',
    'HER2-positive biliary tract cancer',
    'HER2-positive biliary tract cancer after first-line therapy can be treated with zanidatamab in metastatic disease.'
  ),
];

/**
 * Retrieval by shared content words (best first), like the real one in shape.
 * @param query - The query.
 * @param k - Passages at most.
 * @returns Passages.
 */
export async function fakeRetrieve(query: string, k: number): Promise<Passage[]> {
  const wanted = new Set(contentTerms(query));
  return CHUNKS.map((c) => ({
    chunk: c,
    score: contentTerms(`${c.section} ${c.text}`).filter((t) => wanted.has(t)).length,
    method: 'rerank',
  }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
}
