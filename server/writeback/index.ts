// The write-back module: the only code that builds resources to write to the EHR (DESIGN §3). See OUTPUTS.md.
export { PROFILE } from './codes';
export { type CommitReport, commitPlan, type RefusedEntry, type WrittenEntry } from './commit';
export { buildPlan, type PlanInput } from './plan';
export { isSigned, sign } from './sign';
export { type TnmBase, tnmCategoryObservation, tnmStageGroupObservation } from './staging';
export { hasErrors, validateAny, validateOne } from './validate';
export { validatePlan } from './validate-plan';
