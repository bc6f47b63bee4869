// The integrator's self-test (`oncoagent check`, GET /api/check): what works with a FHIR server and what to change.
export { type AuthInput, obtainToken } from './auth';
export { formatReport } from './format';
export { type CheckFix, type CheckLine, type CheckReport, type CheckStatus, line } from './report';
export { type CheckInput, runChecks } from './run-checks';
export { WRITE_TEST_SCOPE } from './scopes';
