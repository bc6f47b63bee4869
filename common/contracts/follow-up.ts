// The follow-up contract: a question asked about a finished workup, and its result. A follow-up result is a workup
// result (so the app, the CLI and the write-back read it the same way) that names its parent and the calls it ran.
import { z } from 'zod';
import { WorkupResult } from './workup';

/** Longest follow-up question, in characters. */
export const FOLLOW_UP_MAX = 2000;

/** The body of `POST /api/workups/:id/follow-up`. */
export const FollowUpRequest = z.object({
  question: z
    .string()
    .trim()
    .min(1, 'the follow-up question is empty')
    .max(FOLLOW_UP_MAX, `at most ${FOLLOW_UP_MAX} characters`),
});
export type FollowUpRequest = z.infer<typeof FollowUpRequest>;

/**
 * A follow-up's result. `question`, `answer`, `evidence`, `usage` and `createdAt` are the follow-up's own; `toolCalls`
 * and `findings` hold the context it kept (the parent's calls) and what it added, so every citation resolves.
 */
export const FollowUpResult = WorkupResult.extend({
  /** The workup (or earlier follow-up) this one continues. */
  parentId: z.string().min(1),
  /** Ids of the tool calls this follow-up ran; the other `toolCalls` come from its parent. */
  ranCallIds: z.array(z.string()),
});
export type FollowUpResult = z.infer<typeof FollowUpResult>;

/**
 * Whether a result is a follow-up's.
 * @param result - A workup or follow-up result.
 * @returns True for a follow-up.
 */
export const isFollowUp = (result: WorkupResult): result is FollowUpResult =>
  typeof (result as Partial<FollowUpResult>).parentId === 'string';
