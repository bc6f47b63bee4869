// The tumour-board decision table and its selection for one patient.
export { OPTIONS, type OptionSelection, selectOptions } from './select';
export type { DecisionOption, OptionWhen } from './types';
