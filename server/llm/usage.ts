// Token accounting: usage of every completion through a metered model is summed, so a run can report what it cost.
import type { UsageTotals } from '../../common/contracts';
import type { Model, ModelRequest, ModelResponse, Usage } from './types';

export type { UsageTotals };

/** Sums usage across calls (and across models). */
export class UsageMeter {
  private totals: UsageTotals = { llmCalls: 0, promptTokens: 0, completionTokens: 0 };

  /**
   * Adds one call.
   * @param usage - Tokens the provider reported for it.
   */
  record(usage: Usage): void {
    this.totals.llmCalls += 1;
    this.totals.promptTokens += usage.promptTokens;
    this.totals.completionTokens += usage.completionTokens;
  }

  /**
   * Adds totals measured elsewhere (e.g. a tool's own meter).
   * @param other - Totals to add.
   */
  add(other: UsageTotals): void {
    this.totals.llmCalls += other.llmCalls;
    this.totals.promptTokens += other.promptTokens;
    this.totals.completionTokens += other.completionTokens;
  }

  /** A copy of the totals so far. */
  total(): UsageTotals {
    return { ...this.totals };
  }
}

/**
 * Wraps a model so each successful completion is recorded on the meter.
 * @param model - The model.
 * @param meter - Where usage accumulates.
 * @returns A model with the same id and capabilities.
 */
export function metered(model: Model, meter: UsageMeter): Model {
  return {
    id: model.id,
    supportsVision: model.supportsVision,
    async generate(req: ModelRequest): Promise<ModelResponse> {
      const response = await model.generate(req);
      meter.record(response.usage);
      return response;
    },
  };
}
