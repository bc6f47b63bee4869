// Holds the review-and-sign state of one workup: the plan under review, the clinician's ticks, signing, what was
// written, and the reload of the chart afterwards. A newly approved synoptic form refreshes the plan under review.
import type { Bundle } from '@medplum/fhirtypes';
import type Client from 'fhirclient/lib/Client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WorkupResult } from '../../../server/agent/workup-result';
import type { WritebackPlan } from '../../../server/writeback/plan';
import type { SynopticInput } from '../../../server/writeback/synoptic';
import { fhirBase } from '../../fhir/load-record';
import { browserApi } from '../../workup/api';
import { requestPlan } from '../../writeback/api';
import type { CommitOutcome } from '../../writeback/commit';
import { initialTicks } from '../../writeback/groups';
import { type SignResult, signAndSave } from '../../writeback/sign-and-save';

export interface ReviewState {
  busy: 'loading' | 'signing' | null;
  plan?: WritebackPlan;
  ticks: string[];
  error?: { stage: string; message: string };
  saved?: { plan: WritebackPlan; written: CommitOutcome; signer: string };
  /** After saving: the chart reload ('done', or why it failed). */
  reload?: 'pending' | 'done' | { failed: string };
}

export interface ReviewControls {
  state: ReviewState;
  review: () => void;
  toggle: (key: string, on: boolean) => void;
  sign: () => void;
}

function poster(client: Client) {
  return async (bundle: Bundle): Promise<Bundle> => {
    const answer: unknown = await client.request({
      url: fhirBase(client),
      method: 'POST',
      body: JSON.stringify(bundle),
      headers: { 'content-type': 'application/fhir+json', accept: 'application/fhir+json' },
    });
    if ((answer as Bundle | undefined)?.resourceType !== 'Bundle') {
      throw new Error(`the EHR answered the ${bundle.type} with something other than a Bundle`);
    }
    return answer as Bundle;
  };
}

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
  const [state, setState] = useState<ReviewState>({ busy: null, ticks: [] });
  const api = useMemo(browserApi, []);
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
    requestPlan(api, { workup, synoptic: forms }).then(
      (plan) => update((s) => ({ ...s, busy: null, plan, ticks: initialTicks(plan.summary) })),
      (error: unknown) =>
        update((s) => ({
          ...s,
          busy: null,
          error: { stage: 'plan', message: error instanceof Error ? error.message : String(error) },
        }))
    );
  }, [api, workup, forms, update]);

  // A form approved while a plan is under review changes what will be written: fetch the plan again.
  const reviewing = state.plan !== undefined && state.saved === undefined;
  const seenForms = useRef(forms);
  useEffect(() => {
    if (seenForms.current !== forms) {
      seenForms.current = forms;
      if (reviewing) review();
    }
  }, [forms, reviewing, review]);

  const toggle = useCallback(
    (key: string, on: boolean) =>
      update((s) => ({ ...s, ticks: on ? [...new Set([...s.ticks, key])] : s.ticks.filter((k) => k !== key) })),
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
        post: poster(client),
      });
    };
    void go().then(async (result) => {
      if (!result.ok) {
        update((s) => ({ ...s, busy: null, error: { stage: result.stage, message: result.message } }));
        return;
      }
      const signer = client.getFhirUser() ?? '';
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
  }, [api, client, forms, onWritten, state.busy, state.plan, state.ticks, update, workup]);

  return { state, review, toggle, sign };
}
