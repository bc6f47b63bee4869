// Prompts as signatures: typed inputs, typed outputs and instructions declared apart from the code that calls a model.
import { z } from 'zod';
import { ModelResponseError } from './errors';
import type { ContentPart, Model, ModelResponse, Usage } from './types';
import { UsageMeter } from './usage';

/**
 * A prompt contract. `render` turns typed inputs into the user message; `output` is both the JSON Schema sent for
 * structured output and the validator of the reply. Output schemas must suit strict mode: every key required,
 * optional values as `.nullable()`.
 */
export interface Signature<I, O extends z.ZodType> {
  /** snake_case, sent as the response schema name and used in traces. */
  name: string;
  /** The system message: task, rules, what not to do. */
  instructions: string;
  render(input: I): string | ContentPart[];
  output: O;
}

/** Declares a signature with its types inferred. */
export function defineSignature<I, O extends z.ZodType>(signature: Signature<I, O>): Signature<I, O> {
  return signature;
}

/**
 * The JSON Schema of a signature's output, without the `$schema` key some providers reject.
 * @param signature - The signature.
 * @returns The schema object.
 */
export function outputJsonSchema(signature: Signature<unknown, z.ZodType>): object {
  const { $schema: _drop, ...schema } = z.toJSONSchema(signature.output) as Record<string, unknown>;
  return schema;
}

export interface Prediction<T> {
  output: T;
  /** Tokens of every attempt, retries included. */
  usage: Usage & { llmCalls: number };
  model: string;
}

/**
 * Runs a signature: one structured-output call, validated against the output schema, retried when the reply is
 * malformed (not JSON, or JSON of the wrong shape). A refusal is not retried: it is a decision, not noise.
 * @param model - The model.
 * @param signature - The prompt contract.
 * @param input - Its typed inputs.
 * @param options - `retries` after a malformed reply (default 1), abort signal, max tokens.
 * @returns The parsed output with usage; throws ModelResponseError (refusal or still malformed) or ModelUnavailableError.
 */
export async function predict<I, O extends z.ZodType>(
  model: Model,
  signature: Signature<I, O>,
  input: I,
  options: { retries?: number; signal?: AbortSignal; maxTokens?: number } = {}
): Promise<Prediction<z.infer<O>>> {
  const usage = new UsageMeter();
  const schema = { name: signature.name, schema: outputJsonSchema(signature) };
  const messages = [
    { role: 'system' as const, content: signature.instructions },
    { role: 'user' as const, content: signature.render(input) },
  ];
  const attempts = 1 + (options.retries ?? 1);
  let problem = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let response: ModelResponse;
    try {
      response = await model.generate({
        messages,
        responseSchema: schema,
        signal: options.signal,
        maxTokens: options.maxTokens,
      });
    } catch (err) {
      // A garbled HTTP reply is noise worth one more try; a 4xx rejection of the request would only repeat.
      if (err instanceof ModelResponseError && err.status === undefined && err.refusal === undefined) {
        problem = err.message;
        continue;
      }
      throw err;
    }
    usage.record(response.usage);
    if (response.refusal) {
      throw new ModelResponseError(`The model declined (${signature.name}): ${response.refusal}`, {
        refusal: response.refusal,
      });
    }
    const reply = parseReply(response.text, signature.output);
    if (reply.ok) return { output: reply.value as z.infer<O>, usage: usage.total(), model: response.model };
    problem = reply.problem;
  }
  throw new ModelResponseError(
    `The model's reply to ${signature.name} was unusable after ${attempts} attempt${attempts > 1 ? 's' : ''}: ${problem}`
  );
}

/** The validated output, or what is wrong with the reply (without echoing it). */
function parseReply(
  text: string | undefined,
  output: z.ZodType
): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (!text) return { ok: false, problem: 'empty reply' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const parsed = output.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, problem: `wrong shape (${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'invalid'})` };
}
