// Follow-up questions under a finished workup's report: a box to ask one, then each question with its cited answer
// (same citation chips and machine-generated labelling as the main answer), in the order asked. Each follow-up
// continues the one before, so the conversation keeps its tool results and answers as context.
import type Client from 'fhirclient/lib/Client';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FOLLOW_UP_MAX, type FollowUpResult, type WorkupResult } from '../../../common/contracts';
import type { PatientRecord } from '../../../common/record/patient-record';
import { type CitationIndex, type CitationRef, citationKey, resolveCitation } from '../../../common/workup/citations';
import { browserApi, type WorkupApi } from '../../workup/api';
import { askFollowUp, followUpErrorText } from '../../workup/follow-up-api';
import { toolTitle } from '../../workup/labels';
import { findRecordItem } from '../../workup/record-item';
import { AiLabel } from '../AiLabel/AiLabel';
import { Answer } from '../Answer/Answer';
import { CitationContext } from '../Citation/Citation';
import { CitationPanel } from '../CitationPanel/CitationPanel';

export interface FollowUpsProps {
  client: Client;
  /** The finished workup the questions are about. */
  workup: WorkupResult;
  /** The loaded record: record citations open its items. */
  record: PatientRecord;
  /** Replaces the browser's API (tests). */
  api?: WorkupApi;
}

interface Entry {
  key: number;
  question: string;
  status: 'asking' | 'done' | 'failed';
  progress?: string;
  result?: FollowUpResult;
  error?: string;
}

function FollowUpAnswer({ result, record }: { result: FollowUpResult; record: PatientRecord }): ReactNode {
  const [openRef, setOpenRef] = useState<CitationRef | null>(null);
  const index = useMemo<CitationIndex>(
    () => ({
      evidence: result.evidence,
      toolCalls: result.toolCalls,
      findRecord: (ref) => findRecordItem(record, ref),
    }),
    [result, record]
  );
  const context = useMemo(
    () => ({ index, openKey: openRef ? citationKey(openRef) : undefined, onOpen: setOpenRef }),
    [index, openRef]
  );
  const open = openRef && resolveCitation(openRef, index);
  const ran = result.toolCalls.filter((c) => result.ranCallIds.includes(c.id));
  const unsupported = result.answer.statements.filter((s) => !s.supported);
  return (
    <CitationContext.Provider value={context}>
      <div className="follow-up-answer" data-testid="follow-up-answer">
        <p className="subhead">
          Answer <AiLabel />
        </p>
        <Answer markdown={result.answer.markdown || '(no answer)'} />
        {unsupported.length > 0 && (
          <div className="notice">
            The citation check could not confirm these statements from their sources; verify them first:
            <ul>
              {unsupported.map((s) => (
                <li key={s.text}>{s.text}</li>
              ))}
            </ul>
          </div>
        )}
        <p className="usage" data-testid="follow-up-tools">
          {ran.length === 0
            ? 'No new tool call: answered from the workup’s results and the guidelines.'
            : `Ran for this follow-up: ${ran.map((c) => `${toolTitle(c.tool)} (${c.status})`).join(', ')}.`}
        </p>
        {open && <CitationPanel cite={open} onClose={() => setOpenRef(null)} />}
      </div>
    </CitationContext.Provider>
  );
}

/**
 * The follow-up box and the follow-ups asked so far.
 * @param props - The SMART client, the finished workup and the record.
 * @returns The section.
 */
export function FollowUps({ client, workup, record, api: given }: FollowUpsProps): ReactNode {
  const api = useMemo(() => given ?? browserApi(client), [given, client]);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [question, setQuestion] = useState('');
  const abort = useRef<AbortController | null>(null);
  const inputId = useId();
  useEffect(() => () => abort.current?.abort(), []);
  const asking = entries.some((e) => e.status === 'asking');

  const update = (key: number, patch: Partial<Entry>) =>
    setEntries((all) => all.map((e) => (e.key === key ? { ...e, ...patch } : e)));

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    const text = question.trim();
    if (!text || asking) return;
    // Each follow-up continues the last answered one, so earlier follow-ups stay in its context.
    const parentId = entries.findLast((e) => e.result)?.result?.id ?? workup.id;
    const key = entries.length + 1;
    setEntries((all) => [...all, { key, question: text, status: 'asking' }]);
    setQuestion('');
    const controller = new AbortController();
    abort.current = controller;
    askFollowUp(api, parentId, text, controller.signal, (e) => {
      if (e.type === 'status') update(key, { progress: e.text });
    }).then(
      (result) => update(key, { status: 'done', result }),
      (error: unknown) => {
        if (!controller.signal.aborted) update(key, { status: 'failed', error: followUpErrorText(error) });
      }
    );
  };

  return (
    <section className="card follow-ups" data-testid="follow-ups" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className="card-title">
        Follow-up questions
      </h2>
      {entries.length > 0 && (
        <ol className="follow-up-list">
          {entries.map((entry) => (
            <li key={entry.key} className="follow-up" data-testid="follow-up" data-status={entry.status}>
              <p className="follow-up-question" data-testid="follow-up-question">
                <strong>Q:</strong> {entry.question}
              </p>
              {entry.status === 'asking' && (
                <p className="notice" role="status">
                  Answering… {entry.progress ?? ''}
                </p>
              )}
              {entry.status === 'failed' && (
                <div className="workup-error" role="alert" data-testid="follow-up-error">
                  {entry.error}
                </div>
              )}
              {entry.result && <FollowUpAnswer result={entry.result} record={record} />}
            </li>
          ))}
        </ol>
      )}
      <form className="workup-form" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="label">
          Ask a follow-up question
        </label>
        <textarea
          id={inputId}
          className="workup-question"
          data-testid="follow-up-input"
          rows={2}
          maxLength={FOLLOW_UP_MAX}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          placeholder="e.g. What is the Child-Pugh score? Search the literature for recent trials."
          disabled={asking}
        />
        <div className="workup-actions">
          <button type="submit" className="button" data-testid="ask-follow-up" disabled={asking || !question.trim()}>
            {asking ? 'Answering…' : 'Ask'}
          </button>
        </div>
      </form>
    </section>
  );
}
