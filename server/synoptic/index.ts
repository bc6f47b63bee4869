// Synoptic pathology extraction: templates, offline rules, the reflective LLM loop, the constraint checker and the
// QuestionnaireResponse — the entry points the CLI, the HTTP API and the UI use.

export type * from '../../common/contracts/synoptic';
export { type BatchOptions, type BatchSummary, runBatch } from './batch/batch';
export { checkConstraints, rulesFor } from './constraints';
export { DEFAULTS, extractOffline, extractSynoptic, type SynopticOptions } from './extract';
export { decodeText, type ReportInput, reportFromDiagnosticReport, textKey } from './input';
export { synopticModel } from './llm/model-env';
export { AIAST, responseId, toQuestionnaireResponse } from './response';
export { extractWithRules } from './rules';
export {
  EXT,
  itemOf,
  loadTemplate,
  optionOf,
  TEMPLATE_IDS,
  type Template,
  type TemplateId,
  type TemplateItem,
  templateView,
} from './template';
export { resultView } from './view';
