// Holds the review-and-sign state of one workup: the plan under review, what the chart already holds of it, the
// clinician's ticks, conclusion and comment, signing, what was written (or refused), and the chart reload afterwards.
// A refused save keeps the plan on screen so the clinician can retry.
import type { DiagnosticReport } from '@medplum/fhirtypes';
import type Client from 'fhirclient/lib/Client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SynopticInput, WorkupResult, WritebackPlan } from '../../../common/contracts';
import type { ChartPreview } from '../../../common/writeback/preview';
import { previewChart } from '../../../common/writeback/preview';
import { browserApi } from '../../workup/api';
import { requestPlan } from '../../writeback/api';
import { type CommitReport, clientTransport } from '../../writeback/commit';
import { initialTicks } from '../../writeback/groups';
import { type SignResult, signAndSave } from '../../writeback/sign-and-save';
import { signerName } from '../../writeback/signer';

export interface ReviewState {
  busy: 'loading' | 'signing' | null;
  plan?: WritebackPlan;
  /** What the chart already holds of the plan (read when the plan is shown). */
  chart?: ChartPreview;
  ticks: string[];
  /** The conclusion as shown for editing (the generated one until the clinician changes it). */
  conclusion: string;
  /** Whether the clinician edited the conclusion (then it is sent as theirs). */
  conclusionEdited: boolean;
  comment: string;
  /** The signer's name, once read from the EHR. */
  signer?: string;
  error?: { stage: string; message: string; report?: CommitReport };
  saved?: { plan: WritebackPlan; written: CommitReport; signer: string };
  /** After saving: the chart reload ('done', or why it failed). */
  reload?: 'pending' | 'done' | { failed: string };
}

export interface ReviewControls {
  state: ReviewState;
  review: () => void;
  toggle: (key: string, on: boolean) => void;
  edit: (field: 'conclusion' | 'comment', value: string) => void;
  sign: () => void;
}

const conclusionOf = (plan: WritebackPlan): string =>
  (plan.bundle.entry ?? [])
    .map((e) => e.resource)
    .find((r): r is DiagnosticReport => r?.resourceType === 'DiagnosticReport')?.conclusion ?? '';

/**
 * The review-and-sign controls for a finished workup.
 * @param client - The SMART client (token, scopes, fhirUser).
 * @param workup - The finished workup.
 * @param forms - Approved synoptic forms to write with it.
 * @param onWritten - Reloads the record after a save; rejects when the reload fails.
 * @returns State and actions.
 */
export function useReviewSign(
  client: Client,
  workup: WorkupResult,
  forms: SynopticInput[],
  onWritten: () => Promise<void>
): ReviewControls {
  const [state, setState] = useState<ReviewState>({
    busy: null,
    ticks: [],
    conclusion: '',
    conclusionEdited: false,
    comment: '',
  });
  const api = useMemo(browserApi, []);
  const transport = useMemo(() => clientTransport(client), [client]);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const update = useCallback((patch: (s: ReviewState) => ReviewState) => {
    if (live.current) setState(patch);
  }, []);

  const review = useCallback(() => {
    update((s) => ({ ...s, busy: 'loading', error: undefined }));
    void signerName(client).then((name) => update((s) => ({ ...s, signer: name ?? s.signer })));
    requestPlan(api, { workup, synoptic: forms }).then(
      (plan) => {
        update((s) => ({
          ...s,
          busy: null,
          plan,
          chart: undefined,
          ticks: initialTicks(plan.summary),
          conclusion: s.conclusionEdited ? s.conclusion : conclusionOf(plan),
        }));
        void previewChart(transport, plan.bundle).then((chart) => update((s) => ({ ...s, chart })));
      },
      (error: unknown) =>
        update((s) => ({
          ...s,
          busy: null,
          error: { stage: 'plan', message: error instanceof Error ? error.message : String(error) },
        }))
    );
  }, [api, client, transport, workup, forms, update]);

  // A form approved while a plan is under review changes what will be written: fetch the plan again.
  const reviewing = state.plan !== undefined && state.saved === undefined;
  const seenForms = useRef(forms);
  useEffect(() => {
    if (seenForms.current !== forms) {
      seenForms.current = forms;
      if (reviewing) review();
    }
  }, [forms, reviewing, review]);

  // The conclusion shown follows the ticks (until the clinician writes their own): the server rebuilds it from the
  // ticked results, exactly as it will when signing.
  const { plan, ticks, conclusionEdited, saved } = state;
  useEffect(() => {
    if (!plan || conclusionEdited || saved) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      requestPlan(api, { workup, synoptic: forms, include: ticks }, controller.signal).then(
        (fresh) => update((s) => (s.conclusionEdited ? s : { ...s, conclusion: conclusionOf(fresh) })),
        () => undefined
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, workup, forms, plan, ticks, conclusionEdited, saved, update]);

  const toggle = useCallback(
    (key: string, on: boolean) =>
      update((s) => ({ ...s, ticks: on ? [...new Set([...s.ticks, key])] : s.ticks.filter((k) => k !== key) })),
    [update]
  );

  const edit = useCallback(
    (field: 'conclusion' | 'comment', value: string) =>
      update((s) =>
        field === 'conclusion' ? { ...s, conclusion: value, conclusionEdited: true } : { ...s, comment: value }
      ),
    [update]
  );

  const sign = useCallback(() => {
    const reviewed = state.plan;
    if (!reviewed || state.busy) return;
    update((s) => ({ ...s, busy: 'signing', error: undefined }));
    const go = async (): Promise<SignResult> => {
      try {
        await client.refreshIfNeeded();
      } catch {
        // An expired session shows up as the EHR's 401 below.
      }
      return signAndSave({
        api,
        workup,
        forms,
        reviewed,
        include: state.ticks,
        grantedScope: client.state.tokenResponse?.scope ?? client.state.scope ?? '',
        fhirUser: client.getFhirUser() ?? null,
        signerName: state.signer,
        review: {
          ...(state.conclusionEdited ? { conclusion: state.conclusion } : {}),
          ...(state.comment.trim() ? { comment: state.comment } : {}),
        },
        transport,
      });
    };
    void go().then(async (result) => {
      if (!result.ok) {
        update((s) => ({
          ...s,
          busy: null,
          error: { stage: result.stage, message: result.message, report: result.written },
        }));
        return;
      }
      const signer = state.signer ?? 'you';
      update((s) => ({
        ...s,
        busy: null,
        saved: { plan: result.plan, written: result.written, signer },
        reload: 'pending',
      }));
      try {
        await onWritten();
        update((s) => ({ ...s, reload: 'done' }));
      } catch (error) {
        update((s) => ({ ...s, reload: { failed: error instanceof Error ? error.message : String(error) } }));
      }
    });
  }, [api, client, forms, onWritten, state, transport, update, workup]);

  return { state, review, toggle, edit, sign };
}
