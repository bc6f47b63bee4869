// A rough, deterministic token count, so the planner can stop before a request outgrows the model's context and the
// scripted test model can report plausible usage: one estimator for both, kept out of the test double.
import { type ChatMessage, contentText } from './types';

/** Tokens a provider would charge for an image; a fixed figure keeps estimates deterministic. */
const IMAGE_TOKENS = 85;

/**
 * Estimates the prompt tokens of a conversation (about 4 characters a token, 4 per message, a fixed cost per image).
 * @param messages - The conversation.
 * @returns Estimated prompt tokens.
 */
export function estimatePromptTokens(messages: ChatMessage[]): number {
  let tokens = 0;
  for (const m of messages) {
    tokens += 4 + Math.ceil(contentText(m.content).length / 4);
    if (typeof m.content !== 'string') tokens += m.content.filter((p) => p.type === 'image').length * IMAGE_TOKENS;
  }
  return tokens;
}

/**
 * Estimates the tokens of a completion or any other text (about 4 characters a token).
 * @param text - The text.
 * @returns Estimated tokens.
 */
export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
