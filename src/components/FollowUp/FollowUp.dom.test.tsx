// What a clinician sees in the follow-up box in a DOM: the answer below its question with citation chips and the
// preliminary label, follow-ups in order each continuing the last, and a refusal shown with the server's reason.
// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type Client from 'fhirclient/lib/Client';
import { afterEach, describe, expect, it } from 'vitest';
import type { FollowUpResult } from '../../../common/contracts';
import { emptyRecord } from '../../../common/record/patient-record';
import type { WorkupApi } from '../../workup/api';
import { RESULT } from '../../workup/fixtures';
import { FollowUps } from './FollowUp';

const record = emptyRecord({ resourceType: 'Patient', id: 'p1' });
afterEach(cleanup);

const followUp = (id: string, parentId: string, question: string): FollowUpResult => ({
  ...RESULT,
  id,
  question,
  parentId,
  ranCallIds: [],
  evidence: [{ n: 1, sourceId: 'esmo', title: 'ESMO mCRC', section: 'Follow-up', text: 'Passage' }],
  answer: { markdown: `Answer to ${question} [1] [Tool:c3]`, statements: [] },
});

/** A fake API: follow-up posts answered in turn by `replies`; every run streams its `done` event. */
function fakeApi(replies: ((parent: string, question: string) => Response | FollowUpResult)[]) {
  const posts: { parent: string; question: string }[] = [];
  const results = new Map<string, FollowUpResult>();
  const api: WorkupApi = {
    baseUrl: '',
    fetch: (async (input: string, init?: RequestInit) => {
      const post = /\/api\/workups\/([^/]+)\/follow-up$/.exec(input);
      if (post && init?.method === 'POST') {
        const question = (JSON.parse(String(init.body)) as { question: string }).question;
        posts.push({ parent: post[1]!, question });
        const reply = replies[posts.length - 1]!(post[1]!, question);
        if (reply instanceof Response) return reply;
        results.set(reply.id, reply);
        return Response.json({ id: reply.id, parentId: post[1] }, { status: 202 });
      }
      const events = /\/api\/workups\/([^/]+)\/events$/.exec(input);
      const result = events && results.get(events[1]!);
      if (result) {
        const sse = `event: done\ndata: ${JSON.stringify({ type: 'done', result })}\n\n`;
        return new Response(sse, { headers: { 'content-type': 'text/event-stream' } });
      }
      return Response.json({}, { status: 404 });
    }) as typeof fetch,
  };
  return { api, posts };
}

const ask = (text: string): void => {
  fireEvent.change(screen.getByTestId('follow-up-input'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('ask-follow-up'));
};

describe('FollowUps (DOM)', () => {
  it('shows each answer below its question, cited and labelled, in order, each continuing the last', async () => {
    const { api, posts } = fakeApi([(p, q) => followUp('f1', p, q), (p, q) => followUp('f2', p, q)]);
    render(<FollowUps client={{} as Client} workup={RESULT} record={record} api={api} />);
    expect(screen.getByLabelText('Ask a follow-up question')).toBeTruthy();
    ask('What is the stage?');
    await waitFor(() => expect(screen.getAllByTestId('follow-up-answer')).toHaveLength(1));
    ask('And the options?');
    await waitFor(() => expect(screen.getAllByTestId('follow-up-answer')).toHaveLength(2));
    expect(posts).toEqual([
      { parent: 'w1', question: 'What is the stage?' },
      { parent: 'f1', question: 'And the options?' },
    ]);
    const items = screen.getAllByTestId('follow-up');
    expect(items.map((i) => within(i).getByTestId('follow-up-question').textContent)).toEqual([
      'Q: What is the stage?',
      'Q: And the options?',
    ]);
    const first = within(items[0]!);
    expect(first.getByTestId('answer').textContent).toContain('Answer to What is the stage?');
    expect(first.getByTestId('ai-label').textContent).toMatch(/preliminary/);
    const chips = first.getAllByTestId('citation');
    expect(chips.map((c) => c.getAttribute('data-kind'))).toEqual(['source', 'tool']);
    fireEvent.click(chips[0]!);
    expect(first.getByTestId('citation-panel').textContent).toContain('ESMO mCRC');
  });

  it("shows a refused follow-up with the server's reason", async () => {
    const outcome = {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'conflict', details: { text: 'The workup has not finished yet' } }],
    };
    const { api } = fakeApi([() => Response.json(outcome, { status: 409 })]);
    render(<FollowUps client={{} as Client} workup={RESULT} record={record} api={api} />);
    ask('What is the stage?');
    const error = await screen.findByTestId('follow-up-error');
    expect(error.textContent).toBe('The follow-up was not accepted (status 409): The workup has not finished yet.');
    expect(screen.getByTestId('follow-up').getAttribute('data-status')).toBe('failed');
  });
});
