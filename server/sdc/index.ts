// Structured Data Capture for the synoptic forms: definition-based $extract (a generic engine driven by the
// Questionnaire's extraction metadata) and $populate from a pathology report of the record.

export { SDC_EXT } from './extensions';
export { type ExtractedEntry, type Extraction, extractResources, toTransaction } from './extract';
export {
  ExtractInput,
  MAX_ITEM_DEPTH,
  PopulateInput,
  populateRequest,
  REPORT_CONTEXT,
  responseOf,
  shallow,
} from './parameters';
export { type Populated, populateForm, populateParameters } from './populate';
export { readReport } from './report';
