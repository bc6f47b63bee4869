// The self-test's result, shared by the server (CLI, GET /api/check) and the app's /check page: one line per check
// (ok, warn or fail), what was found, and for a warn or fail the change to make, named per server where the fix
// differs. Lines carry counts and resource types only, never tokens or patient data.

/** ok: works as OncoAgent needs; warn: works, with a limit worth knowing; fail: something must change. */
export type CheckStatus = 'ok' | 'warn' | 'fail';

/** The change to make, for any server or per server where it differs. */
export interface CheckFix {
  any?: string;
  medplum?: string;
  hapi?: string;
  /** The SMART App Launcher (launch.smarthealthit.org) and its reference servers. */
  smart?: string;
}

/** One check's verdict. */
export interface CheckLine {
  /** Stable id, e.g. `discovery.smart`, `auth.scopes`, `write.atomic`. */
  id: string;
  title: string;
  status: CheckStatus;
  /** What was found (counts and resource types only). */
  found: string;
  fix?: CheckFix;
}

/** The whole report. */
export interface CheckReport {
  fhirBase: string;
  /** False when the server could not be reached at all (exit code 2). */
  reachable: boolean;
  /** 0 ready, 1 something needs changing, 2 unreachable. */
  exitCode: 0 | 1 | 2;
  checks: CheckLine[];
}

/**
 * A check line.
 * @param id - The check's id.
 * @param title - Its short name.
 * @param status - The verdict.
 * @param found - What was found.
 * @param fix - The change to make (warn and fail only).
 * @returns The line.
 */
export function line(id: string, title: string, status: CheckStatus, found: string, fix?: CheckFix): CheckLine {
  return { id, title, status, found, ...(fix && status !== 'ok' ? { fix } : {}) };
}

/**
 * The report of a run: exit 0 when every line is ok or warn, 1 when any line fails, 2 when unreachable.
 * @param fhirBase - The server checked.
 * @param checks - The lines, in order.
 * @param reachable - False when nothing answered.
 * @returns The report.
 */
export function reportOf(fhirBase: string, checks: CheckLine[], reachable = true): CheckReport {
  const exitCode = !reachable ? 2 : checks.some((c) => c.status === 'fail') ? 1 : 0;
  return { fhirBase, reachable, exitCode, checks };
}
