// What a pathologist does with the synoptic form, against the real /api/synoptic routes: read the evidence, correct an
// answer, approve (the server re-checks the constraints), and be stopped by an input that is not a valid number.
// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { Hono } from 'hono';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiEnv } from '../../server/http/auth';
import { synopticRoutes } from '../../server/http/synoptic-routes';
import { SynopticForm } from '../../src/components/SynopticForm/SynopticForm';
import type { Approval, Extraction } from '../../src/synoptic/api';

const GROSS =
  'GROSS DESCRIPTION: The specimen is received fresh, labeled "sigmoid colon", and consists of a sigmoid colectomy ' +
  'measuring 24 cm in length. An ulcerated mass is present, measuring 4.2 x 3.5 x 1.0 cm. The mass is 6.0 cm from ' +
  'the proximal margin and 8.5 cm from the distal margin, and it lies 1.5 cm from the mesenteric resection margin. ' +
  'There is no gross perforation.';
configure({ asyncUtilTimeout: 20_000 });

/** The synoptic API as the server mounts it, behind a guard that says the caller is patient p1's clinician. */
const api = new Hono<ApiEnv>()
  .use('*', async (c, next) => {
    c.set('caller', { owner: 'o', fhirBase: 'https://ehr.test/fhir', patientId: 'p1', token: 't' });
    await next();
  })
  .route('/api/synoptic', synopticRoutes({ model: () => undefined }));

let extraction: Extraction;
const approvals: unknown[] = [];
beforeAll(async () => {
  const res = await api.request('/api/synoptic/extract', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ template: 'cap-colorectal-resection', text: GROSS, subject: 'Patient/p1' }),
  });
  extraction = (await res.json()) as Extraction;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  approvals.length = 0;
});

function show(answer?: (init: RequestInit) => Response | undefined) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) === '/api/synoptic/approve') approvals.push(JSON.parse(String(init.body)));
    return answer?.(init) ?? api.request(String(input), init);
  });
  const onApproved = vi.fn<(approval: Approval) => void>();
  render(<SynopticForm extraction={extraction} text={GROSS} subject="Patient/p1" onApproved={onApproved} />);
  const approve = screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
  // A click on "Approve" submits the form. happy-dom's number validation wrongly finds 4.2 off the 0.1 step and would
  // block that click, so the test submits the form as the click does in a browser (the e2e tests click in Chromium).
  const submit = (): void => {
    if (!approve.disabled) fireEvent.submit(screen.getByTestId('synoptic-form'));
  };
  return { onApproved, approve, submit };
}

const item = (linkId: string): HTMLElement =>
  screen.getAllByTestId('synoptic-item').find((li) => li.getAttribute('data-link-id') === linkId)!;

describe('SynopticForm (interactive)', () => {
  it('shows each pre-filled answer with the report sentence it was taken from', () => {
    show();
    const size = item('tumor-size');
    expect((within(size).getByLabelText(/Tumor size/) as HTMLInputElement).value).toBe('4.2');
    expect(within(size).getByTestId('synoptic-evidence').textContent).toContain('4.2 x 3.5 x 1.0 cm');
    expect(screen.queryByTestId('synoptic-violations')).toBeNull();
  });

  it('refuses to approve a size that is not a number from 0 to 100, and sends nothing', () => {
    const { approve, onApproved } = show();
    fireEvent.change(within(item('tumor-size')).getByLabelText(/Tumor size/), { target: { value: '150' } });
    expect(within(item('tumor-size')).getByText('Enter a number of cm from 0 to 100, or leave it empty.')).toBeTruthy();
    expect(approve.disabled).toBe(true);
    // Even a submit that bypasses the disabled button (Enter in a field) is refused by the form.
    fireEvent.submit(screen.getByTestId('synoptic-form'));
    expect(approvals).toEqual([]);
    expect(onApproved).not.toHaveBeenCalled();
  });

  it('sends a correction for a constraint re-check and shows what still conflicts after approval', async () => {
    const { submit, onApproved } = show();
    const margin = within(item('margin-status')).getByRole('combobox') as HTMLSelectElement;
    const involved = [...margin.options].find((o) => o.text === 'Involved by tumor')!;
    fireEvent.change(margin, { target: { value: involved.value } });
    expect(within(item('margin-status')).getByText('changed by you')).toBeTruthy();
    submit();

    const status = await screen.findByTestId('synoptic-approved');
    expect(status.textContent).toMatch(/^Approved with 1 change\(s\): it will be saved with the next/);
    expect(approvals).toEqual([expect.objectContaining({ edits: { 'margin-status': involved.value } })]);
    expect(onApproved).toHaveBeenCalledTimes(1);
    expect(onApproved.mock.calls[0]?.[0].edited).toEqual(['margin-status']);
    // "Involved" contradicts margins 1.5 cm away or more: the server says so and the item is flagged.
    expect(screen.getByTestId('synoptic-violations')).toBeTruthy();
    expect(item('margin-status').getAttribute('data-flagged')).toBe('true');
    expect(screen.getByRole('button', { name: 'Approve again' })).toBeTruthy();

    fireEvent.change(margin, { target: { value: '' } });
    expect(screen.queryByTestId('synoptic-approved')).toBeNull();
    expect(screen.getByText('Changed since approval: approve again to save these changes.')).toBeTruthy();
  });

  it("shows the server's reason when the approval is refused, and approves nothing", async () => {
    const refusal = {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'invalid', details: { text: 'The form is out of date' } }],
    };
    const { approve, submit, onApproved } = show(() => new Response(JSON.stringify(refusal), { status: 400 }));
    submit();
    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe('Approving the form failed (status 400): The form is out of date');
    expect(onApproved).not.toHaveBeenCalled();
    expect(screen.queryByTestId('synoptic-approved')).toBeNull();
    expect(approve.disabled).toBe(false);
  });
});
