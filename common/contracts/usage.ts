// Token usage as results report it (a workup, a synoptic extraction and each of its rounds).
import { z } from 'zod';

/** Totals of the model calls behind a result. */
export const UsageTotals = z.object({
  llmCalls: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
});
export type UsageTotals = z.infer<typeof UsageTotals>;

/** No model call was made. */
export const NO_USAGE: UsageTotals = { llmCalls: 0, promptTokens: 0, completionTokens: 0 };
