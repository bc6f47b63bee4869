// What an EHR analyst sees on the check page: the verdict, each check with its status, and for a failing one the
// change to make per server; a refused call (no launch token) shows why instead of an empty page.
// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkupApi } from '../../workup/api';
import type { CheckReport } from '../api';
import { CheckPage, CheckReportView } from './CheckPage';

afterEach(cleanup);

const REPORT: CheckReport = {
  fhirBase: 'https://ehr.test/fhir/R4',
  reachable: true,
  exitCode: 1,
  checks: [
    { id: 'discovery.version', title: 'FHIR version', status: 'ok', found: 'FHIR 4.0.1 (R4)' },
    {
      id: 'auth.scopes',
      title: 'Scopes',
      status: 'fail',
      found: 'a wildcard scope (patient/*.rs) comes with 3 per-type write scopes',
      fix: { any: 'ask for explicit per-type scopes', medplum: 'remove "*.rs" from the ClientApplication' },
    },
  ],
};

function api(answer: { status: number; body: unknown }, seen: Request[] = []): WorkupApi {
  return {
    baseUrl: 'http://oncoagent.test',
    fetch: async (input, init) => {
      seen.push(new Request(input, init));
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    },
    credentials: async () => ({ authorization: 'Bearer t', fhirBase: REPORT.fhirBase, patientId: 'p1' }),
  };
}

describe('CheckPage', () => {
  it('shows the verdict, each check and the per-server fix of a failing one', () => {
    render(<CheckReportView report={REPORT} />);
    expect(screen.getByTestId('check-verdict').textContent).toBe('Not ready: 1 of 2 checks need a change.');
    expect(screen.getByTestId('check-discovery.version').getAttribute('data-status')).toBe('ok');
    const scopes = screen.getByTestId('check-auth.scopes');
    expect(scopes.getAttribute('data-status')).toBe('fail');
    expect(within(scopes).getByText('Medplum: remove "*.rs" from the ClientApplication')).toBeTruthy();
    expect(within(scopes).getByText('Fix: ask for explicit per-type scopes')).toBeTruthy();
    expect(within(screen.getByTestId('check-discovery.version')).queryByRole('list')).toBeNull();
  });

  it('loads the report from GET /api/check with the session token', async () => {
    const seen: Request[] = [];
    render(
      <CheckPage api={api({ status: 200, body: { ...REPORT, exitCode: 0, checks: [REPORT.checks[0]] } }, seen)} />
    );
    expect((await screen.findByTestId('check-verdict')).textContent).toBe('Ready: all 1 checks passed.');
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['GET /api/check']);
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer t');
  });

  it('says why when the server refuses the check', async () => {
    const outcome = {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'login', details: { text: 'Relaunch OncoAgent from the EHR.' } }],
    };
    render(<CheckPage api={api({ status: 401, body: outcome })} />);
    expect((await screen.findByTestId('check-error')).textContent).toContain('Relaunch OncoAgent from the EHR');
  });
});
