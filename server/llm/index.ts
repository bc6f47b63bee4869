// The model layer's entry: the provider-neutral contract, its adapters, signatures and usage accounting.

export type { UsageTotals } from '../../common/contracts';
export { ModelError, ModelResponseError, ModelUnavailableError } from './errors';
export { createLocalModel, type LocalModel, type LocalModelOptions } from './local';
export { createOpenAIModel, type OpenAIModelOptions } from './openai';
export { createScriptedModel, type Script, type ScriptedModel, type ScriptedStep } from './scripted';
export { defineSignature, outputJsonSchema, type Prediction, predict, type Signature } from './signature';
export * from './types';
export { metered, UsageMeter } from './usage';
