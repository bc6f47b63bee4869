// What a clinician sees and does on the review card: the plan's items with ticks, the signer's name on the button,
// a save that reaches the EHR, a refused save that keeps the plan, and no save without a clinician identity.
// @vitest-environment happy-dom
import type { Bundle, Observation } from '@medplum/fhirtypes';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import type Client from 'fhirclient/lib/Client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkupResult } from '../../common/contracts';
import type { FhirMethod } from '../../common/fhir/transport';
import { DEFAULT_SCOPE } from '../../common/smart/scopes';
import { FakeEhr, type FakeEhrOptions } from '../../common/writeback/testing/fake-ehr';
import { buildPlan, type PlanInput } from '../../server/writeback';
import { OFFLINE_PATIENT, offlineWorkup } from '../../server/writeback/testing/offline-workup';
import { ReviewSign } from '../../src/components/ReviewSign/ReviewSign';

const EHR = 'https://ehr.test/fhir';
// Building the first plan loads the FHIR profiles (seconds on a busy machine): wait for what the user waits for.
configure({ asyncUtilTimeout: 30_000 });

let workup: WorkupResult;
beforeAll(async () => {
  workup = await offlineWorkup('wk-review-1');
  buildPlan({ workup });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A SMART session of Dr. Anna Weber (or of whoever `fhirUser` names) with the app's default scopes. */
function session(fhirUser: string | null = 'Practitioner/dr-1'): Client {
  return {
    state: { serverUrl: EHR, scope: DEFAULT_SCOPE, tokenResponse: { scope: DEFAULT_SCOPE } },
    patient: { id: OFFLINE_PATIENT },
    user: {
      read: async () =>
        fhirUser?.startsWith('Practitioner/')
          ? { resourceType: 'Practitioner', id: 'dr-1', name: [{ prefix: ['Dr.'], given: ['Anna'], family: 'Weber' }] }
          : { resourceType: 'Patient', id: OFFLINE_PATIENT },
    },
    getAuthorizationHeader: () => 'Bearer token-of-the-session',
    getFhirUser: () => fhirUser,
    refreshIfNeeded: async () => undefined,
  } as unknown as Client;
}

/**
 * Stands in for the network: `/api/writeback/plan` answers with the real plan builder, the EHR's FHIR base is a
 * FakeEhr. A transaction waits for `hold` when given.
 */
function network(ehr: FakeEhr, hold?: Promise<void>): { plans: PlanInput[] } {
  const plans: PlanInput[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/writeback/plan') {
      plans.push(body as PlanInput);
      return new Response(JSON.stringify(buildPlan(body as PlanInput)), { status: 200 });
    }
    if (!url.startsWith(EHR)) return new Response(null, { status: 404 });
    if ((body as Bundle | undefined)?.type === 'transaction') await hold;
    const headers = (init.headers ?? {}) as Record<string, string>;
    const method = (init.method ?? 'GET') as FhirMethod;
    const path = url.slice(EHR.length).replace(/^\//, '');
    const answer = await ehr.transport({ method, path, body, ifMatch: headers['if-match'] });
    return new Response(answer.body ? JSON.stringify(answer.body) : null, { status: answer.status });
  };
  vi.stubGlobal('fetch', fetch);
  return { plans };
}

function show(options: { ehr?: FakeEhrOptions; fhirUser?: string | null; hold?: Promise<void> } = {}) {
  const ehr = new FakeEhr(options.ehr);
  const { plans } = network(ehr, options.hold);
  const onWritten = vi.fn(async () => undefined);
  render(<ReviewSign client={session(options.fhirUser)} workup={workup} forms={[]} onWritten={onWritten} />);
  fireEvent.click(screen.getByRole('button', { name: 'Review and sign' }));
  return { ehr, plans, onWritten };
}

const transactions = (ehr: FakeEhr) => ehr.calls.filter((c) => (c.body as Bundle | undefined)?.type === 'transaction');

describe('ReviewSign', () => {
  it('shows what would be written, grouped, with a tick per optional item and the signer on the button', async () => {
    show();
    const sign = await screen.findByRole('button', { name: 'Sign as Dr. Anna Weber and save to chart' });
    const groups = screen.getAllByTestId('plan-group').map((g) => g.querySelector('legend')?.textContent);
    expect(groups).toEqual([
      'Response assessment',
      'Therapy matches',
      'Staging',
      'Workup report',
      'Software',
      'Provenance',
    ]);
    const ticks = screen.getAllByRole('checkbox');
    expect(ticks).toHaveLength(9);
    expect(ticks.every((t) => (t as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByText(/RECIST 1\.1: Progressive disease/)).toBeTruthy();
    expect(screen.getAllByText('always written')).toHaveLength(2);
    expect(screen.getByText('Found but not written (3)')).toBeTruthy();
    expect((sign as HTMLButtonElement).disabled).toBe(false);

    for (const tick of ticks) fireEvent.click(tick);
    expect((sign as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Tick at least one result to save.')).toBeTruthy();
  });

  it('signs and saves to the EHR: final results under the signer, the list of what was saved, then the reload', async () => {
    let release = (): void => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { ehr, plans, onWritten } = show({ hold });
    fireEvent.click(await screen.findByRole('checkbox', { name: /encorafenib \+ panitumumab/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign as Dr. Anna Weber and save to chart' }));

    const busy = screen.getByRole('button', { name: 'Signing and saving…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(screen.getAllByRole('checkbox').every((t) => (t as HTMLInputElement).disabled)).toBe(true);
    release();

    expect((await screen.findByTestId('signed-by')).textContent).toBe('Dr. Anna Weber');
    await screen.findByText('The patient view below now shows them.');
    expect(onWritten).toHaveBeenCalledTimes(1);
    const signed = plans.filter((p) => p.signAs);
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatchObject({ signAs: 'Practitioner/dr-1', signerName: 'Dr. Anna Weber' });
    expect(signed[0]?.include).toHaveLength(8);
    expect(signed[0]?.include).not.toContain('therapy:t3:2');
    const observations = ehr.ofType('Observation') as Observation[];
    expect(observations).toHaveLength(7);
    expect(observations.every((o) => o.status === 'final')).toBe(true);
    expect(screen.getAllByTestId('written-resource')).toHaveLength(ehr.store.size);
    expect(screen.queryByTestId('writeback-plan')).toBeNull();
  });

  it('keeps the plan after the EHR refuses an entry, says what was refused and offers to sign again', async () => {
    const { ehr, onWritten } = show({ ehr: { batchTransactions: true, refuseCreate: ['Provenance'] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign as Dr. Anna Weber and save to chart' }));

    const alert = await screen.findByTestId('writeback-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toMatch(/^Nothing was saved to the chart: the EHR refused 1 entry \(Provenance/);
    expect(within(alert).getByTestId('refused-entries').textContent).toBe('Refused by the EHR: 1 provenance record.');
    expect(within(alert).getByTestId('undone-entries').textContent).toBe(
      'Written, then taken back: 1 report, 8 results, 1 software record.'
    );
    expect(within(alert).queryByTestId('left-entries')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try signing and saving again' })).toBeTruthy();
    expect(screen.getByTestId('writeback-plan')).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(9);
    expect(screen.queryByTestId('writeback-saved')).toBeNull();
    expect(onWritten).not.toHaveBeenCalled();
    expect(ehr.store.size).toBe(0);
  });

  it('writes nothing when the session does not name a clinician', async () => {
    const { ehr } = show({ fhirUser: 'Patient/someone' });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign and save to chart' }));

    const alert = await screen.findByTestId('writeback-error');
    expect(alert.getAttribute('data-stage')).toBe('identity');
    expect(alert.textContent).toMatch(/cannot tell who is signing.*Nothing was written/);
    expect(transactions(ehr)).toHaveLength(0);
    expect(screen.getByTestId('writeback-plan')).toBeTruthy();
  });
});
