// The adapter to local GGUF models through node-llama-cpp (ONCOAGENT_LLM=local). node-llama-cpp is an optional
// dependency and is imported on the first request, so deterministic and OpenAI modes never load llama.cpp. One model
// and one context sequence per process; requests run one at a time and reuse the evaluated prefix they share.
import type { ChatHistoryItem, ChatModelFunctions, LlamaChat, LlamaGrammar } from 'node-llama-cpp';
import { ModelResponseError, ModelUnavailableError } from './errors';
import { toGbnfSchema } from './gbnf-schema';
import { fromChatResponse, toChatHistory, toFunctions } from './local-chat';
import type { Model, ModelRequest, ModelResponse } from './types';

type NodeLlamaCpp = typeof import('node-llama-cpp');

export interface LocalModelOptions {
  /** Path of the .gguf file (ONCOAGENT_GGUF). */
  ggufPath: string;
  /** The name reported as the model (default: the file name without `.gguf`). */
  id?: string;
  /** Context window in tokens (default: what fits in memory, at most 16,384 and the model's trained length). */
  contextSize?: number;
  /** CPU threads (default: the machine's math cores; more threads than cores makes small models far slower). */
  threads?: number;
  /** `auto` picks CUDA, Vulkan or Metal when present, else the CPU; `false` forces the CPU. */
  gpu?: 'auto' | 'cuda' | 'vulkan' | 'metal' | false;
  /** Per request, from its turn on: waiting for earlier requests does not count (default 300 s: CPU is slow). */
  timeoutMs?: number;
  /** Completion tokens when a request names none (default 2,048). */
  maxTokens?: number;
  /** How node-llama-cpp is imported; tests replace it to see the not-installed path. */
  importRuntime?: () => Promise<NodeLlamaCpp>;
}

/** What was loaded, for operators and tests. */
export interface LocalModelInfo {
  /** The chat format node-llama-cpp chose from the file (e.g. ChatML, Llama 3.1, Qwen). */
  chatFormat: string;
  contextSize: number;
  /** `false` when llama.cpp runs on the CPU. */
  gpu: string | false;
}

/** A model that holds native resources; `dispose` frees them (the process frees them at exit anyway). */
export interface LocalModel extends Model {
  /** Loads the model if needed and describes it; throws ModelUnavailableError as `generate` would. */
  info(): Promise<LocalModelInfo>;
  dispose(): Promise<void>;
}

interface Runtime {
  mod: NodeLlamaCpp;
  chat: LlamaChat;
  dispose(): Promise<void>;
}

/** Rejects with the signal's reason once it aborts (never resolves). */
const untilAborted = (signal: AbortSignal): Promise<never> =>
  new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/** Below this many free tokens a completion is not worth starting. */
const MIN_COMPLETION = 16;

const short = (err: unknown): string => {
  const text = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

async function loadRuntime(opts: LocalModelOptions): Promise<Runtime> {
  let mod: NodeLlamaCpp;
  try {
    mod = await (opts.importRuntime ?? (() => import('node-llama-cpp')))();
  } catch (err) {
    throw new ModelUnavailableError(
      'ONCOAGENT_LLM=local needs the optional dependency node-llama-cpp: run `npm install node-llama-cpp@3.21.1`',
      { cause: err }
    );
  }
  let llama: Awaited<ReturnType<NodeLlamaCpp['getLlama']>>;
  try {
    // build: 'never' — a missing prebuilt binary is reported, never compiled behind the clinician's back.
    llama = await mod.getLlama({ gpu: opts.gpu ?? 'auto', build: 'never', logLevel: mod.LlamaLogLevel.error });
  } catch (err) {
    throw new ModelUnavailableError(`node-llama-cpp has no usable llama.cpp binary here (${short(err)})`, {
      cause: err,
    });
  }
  try {
    const model = await llama.loadModel({ modelPath: opts.ggufPath });
    const context = await model.createContext({
      contextSize: opts.contextSize ?? { max: 16_384 },
      sequences: 1,
      threads: opts.threads ?? llama.cpuMathCores,
    });
    const chat = new mod.LlamaChat({ contextSequence: context.getSequence(), chatWrapper: 'auto' });
    return {
      mod,
      chat,
      async dispose() {
        chat.dispose();
        await context.dispose();
        await model.dispose();
        await llama.dispose();
      },
    };
  } catch (err) {
    await llama.dispose().catch(() => undefined);
    throw new ModelUnavailableError(`Cannot load the GGUF model at ${opts.ggufPath} (${short(err)})`, { cause: err });
  }
}

/**
 * A model running in this process from a GGUF file. Structured output and tool arguments are grammar-constrained, so
 * they always parse; the callers' schemas still validate them. Images are refused: this adapter is text-only.
 * @param opts - File, context size, threads, GPU choice, timeout and default completion length.
 * @returns The model; the file is loaded on the first request, whose failure is a ModelUnavailableError.
 */
export function createLocalModel(opts: LocalModelOptions): LocalModel {
  const id = opts.id ?? (opts.ggufPath.split(/[\\/]/).pop() ?? 'local').replace(/\.gguf$/i, '');
  const timeoutMs = opts.timeoutMs ?? 300_000;
  let runtime: Promise<Runtime> | undefined;
  const grammars = new Map<string, Promise<LlamaGrammar>>();
  let queue: Promise<unknown> = Promise.resolve();

  const load = (): Promise<Runtime> => {
    runtime ??= loadRuntime(opts).catch((err) => {
      runtime = undefined;
      throw err;
    });
    return runtime;
  };

  const grammarFor = (rt: Runtime, schema: object): Promise<LlamaGrammar> => {
    const gbnf = toGbnfSchema(schema);
    const key = JSON.stringify(gbnf);
    let grammar = grammars.get(key);
    if (!grammar) {
      // biome-ignore lint/suspicious/noExplicitAny: the converted schema is only known to be grammar-shaped at runtime.
      grammar = rt.chat.model.llama.createGrammarForJsonSchema(gbnf as any);
      grammars.set(key, grammar);
    }
    return grammar;
  };

  async function run(req: ModelRequest, history: ChatHistoryItem[], signal: AbortSignal): Promise<ModelResponse> {
    // Loading a large file can take long: the request's timeout and cancellation apply to it as well.
    const rt = await Promise.race([load(), untilAborted(signal)]);
    // With tools the model may call them (function syntax); a response schema applies only to tool-free requests.
    const functions: ChatModelFunctions | undefined = toFunctions(req.tools);
    const grammar = !functions && req.responseSchema ? await grammarFor(rt, req.responseSchema.schema) : undefined;
    // Measure the prompt first: node-llama-cpp would otherwise shift the context (drop earlier turns), silently losing
    // record data or tool results. The completion is capped to the room that is left.
    const promptTokens = rt.chat.chatWrapper
      .generateContextState({ chatHistory: history, availableFunctions: functions, documentFunctionParams: true })
      .contextText.tokenize(rt.chat.model.tokenizer).length;
    const room = rt.chat.context.contextSize - promptTokens - 1;
    if (room < MIN_COMPLETION)
      throw new ModelResponseError(
        `The conversation (${promptTokens} tokens) does not fit the local model's context window ` +
          `(${rt.chat.context.contextSize} tokens); raise ONCOAGENT_LLM_CONTEXT`
      );
    const meter = rt.chat.sequence.tokenMeter;
    const before = meter.getState();
    const reply = await rt.chat.generateResponse(history, {
      ...(functions ? { functions, documentFunctionParams: true } : { grammar }),
      maxTokens: Math.min(req.maxTokens ?? opts.maxTokens ?? 2048, room),
      temperature: req.temperature ?? 0,
      signal,
    });
    // Prompt tokens as sent (a reused, already evaluated prefix still counts), so figures compare across providers.
    return fromChatResponse(reply, id, { promptTokens, completionTokens: meter.diff(before).usedOutputTokens });
  }

  return {
    id,
    supportsVision: false,
    generate(req: ModelRequest): Promise<ModelResponse> {
      if (req.messages.some((m) => typeof m.content !== 'string' && m.content.some((p) => p.type === 'image')))
        return Promise.reject(new ModelUnavailableError(`The local model ${id} reads no images (text only)`));
      let history: ChatHistoryItem[];
      try {
        history = toChatHistory(req.messages);
      } catch (err) {
        return Promise.reject(err);
      }
      // Requests wait their turn (one sequence); the timeout starts with the turn, cancellation applies while waiting.
      const turn = queue.then(async () => {
        const timeout = AbortSignal.timeout(timeoutMs);
        const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
        try {
          signal.throwIfAborted();
          return await run(req, history, signal);
        } catch (err) {
          if (req.signal?.aborted) throw req.signal.reason;
          if (err instanceof ModelUnavailableError || err instanceof ModelResponseError) throw err;
          if (timeout.aborted)
            throw new ModelUnavailableError(`The local model ${id} did not answer within ${timeoutMs} ms`, {
              cause: err,
            });
          throw new ModelResponseError(`The local model ${id} failed (${short(err)})`, { cause: err });
        }
      });
      queue = turn.catch(() => undefined);
      return req.signal ? Promise.race([turn, untilAborted(req.signal)]) : turn;
    },
    async info() {
      const { chat } = await load();
      return {
        chatFormat: chat.chatWrapper.wrapperName,
        contextSize: chat.context.contextSize,
        gpu: chat.model.llama.gpu,
      };
    },
    async dispose() {
      const rt = await runtime?.catch(() => undefined);
      runtime = undefined;
      grammars.clear();
      await rt?.dispose();
    },
  };
}
