// The EHR connection check for administrators and EHR analysts: runs GET /api/check with the launch's token and shows
// each check (ok, warn, fail), what was found, and the change to make per server.
import { type ReactNode, useEffect, useState } from 'react';
import type { WorkupApi } from '../../workup/api';
import { type CheckFix, type CheckReport, fetchCheck } from '../api';

const LABEL = { ok: 'OK', warn: 'Warning', fail: 'Needs a change' } as const;
const WHO: [keyof CheckFix, string][] = [
  ['any', 'Fix'],
  ['medplum', 'Medplum'],
  ['hapi', 'HAPI'],
  ['smart', 'SMART launcher'],
];

/**
 * The report, one row per check.
 * @param props - The report.
 * @returns The table and its verdict.
 */
export function CheckReportView({ report }: { report: CheckReport }): ReactNode {
  const fails = report.checks.filter((c) => c.status === 'fail').length;
  return (
    <section className="card" data-testid="check-report" data-exit={report.exitCode}>
      <h2 className="card-title">EHR connection check</h2>
      <p role="status" data-testid="check-verdict">
        {report.exitCode === 0
          ? `Ready: all ${report.checks.length} checks passed.`
          : report.exitCode === 2
            ? 'The FHIR server could not be reached.'
            : `Not ready: ${fails} of ${report.checks.length} checks need a change.`}
      </p>
      <ul className="check-list">
        {report.checks.map((c) => (
          <li key={c.id} data-testid={`check-${c.id}`} data-status={c.status}>
            <strong>
              {LABEL[c.status]} · {c.title}
            </strong>
            <span>: {c.found}</span>
            {c.fix && (
              <ul>
                {WHO.filter(([key]) => c.fix?.[key]).map(([key, label]) => (
                  <li key={key}>
                    {label}: {c.fix?.[key]}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <p className="notice">
        Read-only: this page never writes to the EHR. The write test runs from the command line (`oncoagent check
        --write-test`).
      </p>
    </section>
  );
}

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'done'; report: CheckReport };

/**
 * Runs the check once and shows it.
 * @param props - The API of this session.
 * @returns The page.
 */
export function CheckPage({ api }: { api: WorkupApi }): ReactNode {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchCheck(api, controller.signal).then(
      (report) => setState({ status: 'done', report }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    );
    return () => controller.abort();
  }, [api]);
  if (state.status === 'loading')
    return (
      <p className="status" role="status">
        Checking the EHR connection…
      </p>
    );
  if (state.status === 'failed') {
    return (
      <section className="card error-card" role="alert" data-testid="check-error">
        <h2 className="card-title">The check could not run</h2>
        <p>{state.message}</p>
      </section>
    );
  }
  return <CheckReportView report={state.report} />;
}
