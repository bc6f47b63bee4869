// The retrieval module's entry: ingest, index, retrieve, rerank, numbered sources, evaluation and benchmark.
export { type BenchOptions, benchRetrieval, type CorpusBench, type RetrievalBench } from './bench';
export { chunkDoc, chunkSearchText } from './chunk';
export { createEmbedder, createReranker, type RagConfig, readRagConfig } from './config';
export { type EvalQuestion, evaluateRetrieval, loadEvalQuestions, type RetrievalEvaluation } from './eval';
export { type IngestProblem, loadCorpus } from './ingest/load-corpus';
export {
  defaultChunker,
  type IngestReport,
  ingestCorpus,
  openKnowledgeIndex,
  type SearchHit,
  type SearchResult,
  searchKnowledge,
} from './knowledge';
export { expandQuery, tokenize } from './lexical';
export { DEFAULT_LEXICAL_WEIGHTS, LexicalReranker, type Reranker } from './rerank';
export { type CrossEncoderOptions, CrossEncoderReranker } from './rerank-cross-encoder';
export { LlmReranker, type LlmRerankerOptions } from './rerank-llm';
export { checkQuery, MAX_QUERY_CHARS, type RetrieveOptions, retrieve, rrf } from './retrieve';
export { dedupePassages, mergeSources, numberSources, sourceId } from './sources';
export { type Chunker, KnowledgeIndex, type SyncResult, type TextQuery } from './store';
export type * from './types';
