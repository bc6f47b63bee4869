// Loads a local GGUF model when the server starts (ONCOAGENT_LLM=local), so the first clinician does not wait for the
// file to load and a wrong path or missing runtime shows in the server's output at once.
import { selectModel } from '../llm/select';

/**
 * Loads and describes the local model; does nothing in other modes. Never throws: problems are written.
 * @param env - Usually process.env.
 * @param write - Where the one-line outcome goes.
 */
export async function warmLocalModel(env: NodeJS.ProcessEnv, write: (line: string) => void): Promise<void> {
  if ((env.ONCOAGENT_LLM ?? '').trim().toLowerCase() !== 'local') return;
  try {
    const { model } = selectModel(env);
    if (!model || !('info' in model) || typeof model.info !== 'function') return;
    const started = Date.now();
    const info = await model.info();
    write(
      `Local model: ${model.id} (${info.chatFormat} chat format, ${info.contextSize}-token context, ` +
        `${info.gpu ? `GPU: ${info.gpu}` : 'CPU'}; loaded in ${Date.now() - started} ms)\n`
    );
  } catch (err) {
    write(`Local model unavailable: ${err instanceof Error ? err.message : String(err)}\n`);
  }
}
