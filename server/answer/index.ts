// The cited-answer module's entry: the answerer the agent calls, the production retrieval, and the contract.
export { type AnswererOptions, createAnswerer } from './answerer';
export { type Citation, markers, parseCitation } from './citations';
export { createRetrieve, type Retrieve, type RetrieveOptions } from './retrieve';
export {
  citationCheckSignature,
  citedAnswerSignature,
  reviseSignature,
  strategySignature,
  subQueriesSignature,
  suggestionsSignature,
} from './signatures';
export { deterministicSubQueries } from './sub-queries';
export type * from './types';
