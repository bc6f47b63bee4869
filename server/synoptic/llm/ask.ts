// Asks the model for one item through its signature and turns the reply into an answer; an unusable reply leaves
// the item unanswered with the reason, while an unreachable model stops the run (the caller reports it).

import type { ItemAnswer, UsageTotals } from '../../../common/contracts';
import { ModelResponseError } from '../../llm/errors';
import { predict } from '../../llm/signature';
import type { Model } from '../../llm/types';
import { type ItemPromptInput, itemSignature } from './signature';

export interface AskResult {
  answer: ItemAnswer;
  usage: UsageTotals;
  /** Set when the model's reply could not be used. */
  problem?: string;
}

/**
 * Extracts one item with the model.
 * @param model - The model.
 * @param input - The prompt inputs.
 * @param signal - Abort signal.
 * @returns The answer and the tokens spent; throws ModelUnavailableError when the model cannot be reached.
 */
export async function askItem(model: Model, input: ItemPromptInput, signal?: AbortSignal): Promise<AskResult> {
  try {
    const p = await predict(model, itemSignature(input.template, input.item), input, { retries: 1, signal });
    const value = typeof p.output.value === 'number' ? Math.round(p.output.value * 100) / 100 : p.output.value;
    const evidence = p.output.evidence.map((e) => e.trim()).filter(Boolean);
    return { answer: { value, evidence, explanation: p.output.explanation.trim(), method: 'llm' }, usage: p.usage };
  } catch (err) {
    if (!(err instanceof ModelResponseError)) throw err;
    const problem = `${input.item.linkId}: ${err.message}`;
    return {
      answer: {
        value: null,
        evidence: [],
        explanation: `No usable answer from the model (${err.message}).`,
        method: 'llm',
      },
      usage: { llmCalls: 1, promptTokens: 0, completionTokens: 0 },
      problem,
    };
  }
}
