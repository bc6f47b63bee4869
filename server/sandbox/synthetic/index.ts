// The synthetic cohort of the sandbox (`serve --sandbox --synthetic N`, the registry benchmark).
export { SYNTHETIC_GROUP, type SyntheticCohort, type SyntheticOptions, syntheticCohort } from './cohort';
export { grossText, type Tumour } from './pathology-text';
