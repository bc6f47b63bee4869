// The labels of the tools whose output only the model and the report's raw view read: searches and the calculator.
import { z } from 'zod';
import { argText, clip, defineToolContract } from './contract';

const query = (args: unknown): string | undefined => {
  const q = argText(args, 'query');
  return q ? clip(`“${q}”`) : undefined;
};

export const pubmedSearchContract = defineToolContract({
  name: 'pubmed_search',
  title: 'Search PubMed',
  short: 'PubMed',
  detail: query,
  output: undefined,
});

export const webSearchContract = defineToolContract({
  name: 'web_search',
  title: 'Search the web',
  short: 'web',
  detail: query,
  output: undefined,
});

export const CalculatorOutput = z.object({ expression: z.string(), value: z.number() });
export type CalculatorOutput = z.infer<typeof CalculatorOutput>;

export const calculatorContract = defineToolContract({
  name: 'calculator',
  title: 'Calculate',
  short: 'calculation',
  detail(args) {
    const expression = argText(args, 'expression');
    return expression ? clip(expression) : undefined;
  },
  output: CalculatorOutput,
});

/** Not a registry tool: the agent's own guideline retrieval, shown beside the tools. */
export const guidelineSearchContract = defineToolContract({
  name: 'guideline_search',
  title: 'Search the guidelines',
  short: 'guidelines',
  detail: query,
  output: undefined,
});
