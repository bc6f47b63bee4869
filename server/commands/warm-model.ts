// Loads a local GGUF model when the server starts (ONCOAGENT_LLM=local), so the first clinician does not wait for the
// file to load and a wrong path or missing runtime shows in the server's output at once.
import { type LlmConfig, selectModel } from '../llm/select';

/**
 * Loads and describes the local model; does nothing in other modes. Never throws: problems are written.
 * @param llm - The model configuration (`loadConfig().llm`).
 * @param write - Where the one-line outcome goes.
 */
export async function warmLocalModel(llm: LlmConfig, write: (line: string) => void): Promise<void> {
  if (llm.mode !== 'local') return;
  try {
    const { model } = selectModel(llm);
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
