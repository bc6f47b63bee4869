// The retrieval module's data: documents with citable sections, chunks at three sizes, ranked passages, numbered sources.

/** One ingested document (a guideline topic, a PDF, a TEI paper, a JSONL record). */
export interface KnowledgeDoc {
  id: string;
  title: string;
  /** Named guideline(s) or publisher, e.g. "ESMO mCRC guideline (2023)". */
  source: string;
  year?: number;
  url?: string;
  topics: string[];
  format: 'md' | 'jsonl' | 'pdf' | 'tei';
  /** File it came from, relative to the ingested folder. */
  path: string;
  /** sha256 of the normalised content: unchanged documents are not re-chunked or re-embedded. */
  hash: string;
  sections: DocSection[];
}

/** A citable unit: one headed section of a document. */
export interface DocSection {
  /** Slug of the heading: lowercase, runs of non-alphanumerics → '-', trimmed of '-'. Unique within the document. */
  id: string;
  heading: string;
  /** Section text without its heading line, cleaned. */
  text: string;
}

export type ChunkSize = 512 | 256 | 128;

/** A piece of one section at one chunk size (tokens counted with the project's tokenizer). */
export interface Chunk {
  /** `${docId}#${sectionId}@${size}:${index}` */
  id: string;
  docId: string;
  sectionId: string;
  title: string;
  section: string;
  source: string;
  year?: number;
  url?: string;
  size: ChunkSize;
  index: number;
  tokens: number;
  text: string;
  /** sha256 of the document the chunk came from. */
  docHash: string;
}

/** A retrieved chunk with its score under the method that ranked it. */
export interface Passage {
  chunk: Chunk;
  score: number;
  /** Which stage produced the score: bm25, dense, rrf, rerank. */
  method: string;
}

/** A passage as shown and cited: "Source [n]". */
export interface NumberedSource {
  n: number;
  /** `${docId}#${sectionId}` */
  sourceId: string;
  title: string;
  section: string;
  text: string;
  source: string;
  year?: number;
  url?: string;
}
