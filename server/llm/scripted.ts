// A deterministic in-process model for unit tests: replies come from a script, every request is recorded.
import { ModelResponseError } from './errors';
import { estimatePromptTokens, estimateTextTokens } from './tokens';
import { type FinishReason, type Model, type ModelRequest, type ModelResponse, toToolCall } from './types';

/** One scripted reply. `toolCalls[].arguments` may be an object (serialised) or raw text (kept, e.g. to test bad JSON). */
export interface ScriptedStep {
  text?: string;
  /** Shorthand: the reply text is `JSON.stringify(json)` (structured output). */
  json?: unknown;
  toolCalls?: { name: string; arguments: unknown; id?: string }[];
  refusal?: string;
  finishReason?: FinishReason;
  /** Overrides the estimated usage. */
  usage?: { promptTokens: number; completionTokens: number };
  /** Thrown instead of replying (e.g. a ModelUnavailableError). */
  error?: Error;
}

export type Script = ScriptedStep[] | ((req: ModelRequest, index: number) => ScriptedStep | Promise<ScriptedStep>);

export interface ScriptedModel extends Model {
  /** Every request received, in order. */
  readonly requests: ModelRequest[];
}

function toResponse(step: ScriptedStep, req: ModelRequest, id: string, index: number): ModelResponse {
  const text = step.json !== undefined ? JSON.stringify(step.json) : step.text;
  const toolCalls = (step.toolCalls ?? []).map((c, i) =>
    toToolCall(
      c.id ?? `call_${index}_${i}`,
      c.name,
      typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments)
    )
  );
  const completion = (text ?? step.refusal ?? '') + toolCalls.map((c) => c.rawArguments).join('');
  return {
    ...(text !== undefined ? { text } : {}),
    toolCalls,
    ...(step.refusal !== undefined ? { refusal: step.refusal } : {}),
    finishReason: step.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
    usage: step.usage ?? {
      promptTokens: estimatePromptTokens(req.messages),
      completionTokens: estimateTextTokens(completion),
    },
    model: id,
  };
}

/**
 * A model that answers from a script.
 * @param script - Replies in order, or a function of the request and its 0-based index.
 * @param options - Model id (default `scripted`) and whether it claims vision (default true).
 * @returns The model; running past the end of a list script throws ModelResponseError.
 */
export function createScriptedModel(
  script: Script,
  options: { id?: string; supportsVision?: boolean } = {}
): ScriptedModel {
  const id = options.id ?? 'scripted';
  const requests: ModelRequest[] = [];
  return {
    id,
    supportsVision: options.supportsVision ?? true,
    requests,
    async generate(req: ModelRequest): Promise<ModelResponse> {
      req.signal?.throwIfAborted();
      const index = requests.length;
      requests.push(req);
      const step = typeof script === 'function' ? await script(req, index) : script[index];
      if (!step) throw new ModelResponseError(`The scripted model has no reply for call ${index + 1}`);
      if (step.error) throw step.error;
      return toResponse(step, req, id, index);
    },
  };
}
