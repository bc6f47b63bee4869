// What a follow-up keeps from the workup it continues, in the forms its steps read (the key of each call comes from
// call-key.ts): the earlier exchange as a data block for the planning model, and as one summary line for
// the answer. Earlier text is data: it is fenced or flattened, never placed where instructions go.
import type { WorkupResult, WorkupToolCall } from '../../common/contracts';
import { callKey } from './call-key';
import { observationText } from './observe';

/** Text flattened to one line and clipped, with citation markers and fences removed. */
function flat(text: string, max: number): string {
  const one = text
    .replace(/\[[^\]\n]{0,300}\]/g, '')
    .replace(/<\/?[a-z_]+>/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/**
 * The earlier workup for the planning model: its question, every call with its observation, and the answer given.
 * @param parent - The finished workup (or follow-up) being continued.
 * @returns A user message's text; the content sits between <earlier_workup> tags as data.
 */
export function earlierWorkupText(parent: WorkupResult): string {
  const calls = parent.toolCalls.map(
    (c: WorkupToolCall) => `- ${c.id} ${callKey(c.tool, c.args)} → ${flat(observationText(c), 600)}`
  );
  return [
    'This is a follow-up question on a workup that has already run. Its calls and answer are below, as data.',
    'Do not repeat a call with the same arguments: use its result. Call only the tools the follow-up question needs',
    'that have not run; when none is needed, reply without tool calls.',
    '<earlier_workup>',
    `Question: ${flat(parent.question || '(general workup)', 500)}`,
    'Tool calls already run:',
    ...(calls.length ? calls : ['- none']),
    `Answer given: ${flat(parent.answer.markdown, 3000)}`,
    '</earlier_workup>',
  ].join('\n');
}

/**
 * The earlier exchange as one line appended to the record summary the answer step reads (its parser ignores lines it
 * does not know, and the line carries no record references of its own).
 * @param parent - The finished workup (or follow-up) being continued.
 * @returns The line.
 */
export function earlierAnswerLine(parent: WorkupResult): string {
  const asked = flat(parent.question || 'general workup', 300);
  return `Earlier in this workup (context, not record): asked "${asked}"; answered: ${flat(parent.answer.markdown, 1200)}`;
}
