// The model planner (ONCOAGENT_LLM=openai|local): the model sees the tools as functions, the question and the record
// summary, chooses calls (parallel within a reply), reads the observations and decides when it is done. Refusals and
// malformed replies are retried once, then end the tool phase as a PlannerFailed; provider outages are ProviderDown.
import type { PlannedCall, WorkupToolCall } from '../../../common/contracts';
import {
  type ChatMessage,
  type Model,
  type ModelResponse,
  ModelResponseError,
  ModelUnavailableError,
  type ToolDefinition,
} from '../../llm';
import { estimatePromptTokens, estimateTextTokens } from '../../llm/tokens';
import { toolSpec } from '../../tools/run-tool';
import { ContextLimit, PlannerFailed, ProviderDown } from '../errors';
import type { NextStep, Planner, PlannerContext } from '../next-step';
import { observationText } from '../observe';
import { REJECTED_PREFIX } from '../policy';
import type { RecordFacts } from '../record/facts';
import { summariseRecord } from '../record/summary';
import { plannerInstructions, renderPlannerInput } from './model-prompt';
import { searchIndication } from './search-indication';
import { indicatedSearch } from './search-rule';

/** The indicated literature search for the prompt (its reason and the one query the policy allows). */
function indicated(facts: RecordFacts): { indicatedSearch?: { why: string; query: string } } {
  const allowed = indicatedSearch(facts);
  const why = searchIndication(facts)?.why;
  return allowed && why ? { indicatedSearch: { why, query: allowed.query } } : {};
}

export interface ModelPlannerOptions {
  model: Model;
  maxRounds: number;
  /** Stop before a request estimated above this many prompt tokens (default 100,000). */
  maxContextTokens?: number;
  /** Completion budget per reply (default 2,000 tokens). */
  maxTokens?: number;
}

const CONTEXT_WORDS = /context|maximum.*tokens|too (long|many tokens)|reduce the length/i;

function definitions(ctx: PlannerContext): ToolDefinition[] {
  return ctx.tools.map((tool) => {
    const spec = toolSpec(tool);
    const { $schema: _drop, ...parameters } = spec.parameters as Record<string, unknown>;
    return { name: spec.name, description: spec.description, parameters };
  });
}

/**
 * Creates the model planner of one workup.
 * @param options - The model and limits.
 * @returns The planner.
 */
export function createModelPlanner(options: ModelPlannerOptions): Planner {
  const messages: ChatMessage[] = [];
  const modelIds = new Map<string, string>();
  let tools: ToolDefinition[] = [];
  let rejectedRounds = 0;

  async function ask(ctx: PlannerContext): Promise<ModelResponse> {
    const limit = options.maxContextTokens ?? 100_000;
    const estimate = estimatePromptTokens(messages) + estimateTextTokens(JSON.stringify(tools));
    if (estimate > limit)
      throw new ContextLimit(`The conversation (~${estimate} tokens) exceeds the ${limit}-token budget`);
    let problem = '';
    for (let attempt = 1; attempt <= 2; attempt++) {
      let res: ModelResponse;
      try {
        res = await options.model.generate({
          messages,
          tools,
          temperature: 0,
          maxTokens: options.maxTokens ?? 2000,
          signal: ctx.signal,
        });
      } catch (err) {
        if (err instanceof ModelUnavailableError) throw new ProviderDown(err.message, { cause: err });
        if (err instanceof ModelResponseError && err.status === 400 && CONTEXT_WORDS.test(err.message)) {
          throw new ContextLimit(err.message, { cause: err });
        }
        if (err instanceof ModelResponseError) {
          problem = err.message;
          continue;
        }
        throw err;
      }
      if (res.refusal || res.finishReason === 'content_filter') {
        problem = `the model declined: ${res.refusal ?? 'content filter'}`;
        continue;
      }
      if (!res.text?.trim() && res.toolCalls.length === 0) {
        problem = `the model replied with neither text nor tool calls (finish reason ${res.finishReason})`;
        continue;
      }
      return res;
    }
    throw new PlannerFailed(`The planning model failed twice: ${problem}`);
  }

  function toStep(res: ModelResponse, ctx: PlannerContext): NextStep {
    messages.push({ role: 'assistant', content: res.text ?? '', toolCalls: res.toolCalls });
    if (res.toolCalls.length === 0) return { kind: 'final', note: res.text?.trim().slice(0, 500) };
    const calls = res.toolCalls.map((tc): PlannedCall => {
      const id = ctx.nextId();
      modelIds.set(id, tc.id);
      return {
        id,
        tool: tc.name,
        args: tc.arguments ?? {},
        reason: `Chosen by ${options.model.id}`,
        ...(tc.parseError ? { invalid: `The arguments are not valid JSON (${tc.parseError.slice(0, 120)})` } : {}),
      };
    });
    return { kind: 'runAgain', calls };
  }

  return {
    name: options.model.id,
    async start(ctx) {
      tools = definitions(ctx);
      const summary = summariseRecord(ctx.record, ctx.facts);
      const limits = { maxCallsPerRound: ctx.maxCallsPerRound, maxRounds: options.maxRounds };
      messages.push(
        { role: 'system', content: plannerInstructions(limits) },
        {
          role: 'user',
          content: renderPlannerInput({ question: ctx.question, summary, ...limits, ...indicated(ctx.facts) }),
        }
      );
      return toStep(await ask(ctx), ctx);
    },
    async next(ctx, finished: WorkupToolCall[]) {
      for (const call of finished) {
        messages.push({ role: 'tool', toolCallId: modelIds.get(call.id) ?? call.id, content: observationText(call) });
      }
      const allRejected = finished.length > 0 && finished.every((c) => c.message?.startsWith(REJECTED_PREFIX));
      rejectedRounds = allRejected ? rejectedRounds + 1 : 0;
      if (rejectedRounds >= 2) {
        return {
          kind: 'needsApproval',
          reason: `The model kept asking for calls the policy does not allow (${finished[0]?.message ?? ''}); a clinician must decide`,
        };
      }
      return toStep(await ask(ctx), ctx);
    },
  };
}
