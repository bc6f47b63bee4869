// Validation of a write-back plan before it may be committed: every entry (validate.ts) plus the transaction rules
// that make a commit safe and idempotent (urn:uuid entries, conditional creates, references inside the plan, one patient).
import type { Bundle, OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { references } from '../../common/fhir/references';
import { inEntry, issue, outcomeOf, validateOne } from './validate';

const UUID_URL = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The transaction rules: urn:uuid entries, conditional POSTs, internal references that resolve, one patient. */
function planIssues(bundle: Bundle): OperationOutcomeIssue[] {
  const issues: OperationOutcomeIssue[] = [];
  if (bundle.type !== 'transaction')
    issues.push(issue('error', 'invalid', 'A plan must be a transaction Bundle', 'Bundle.type'));
  const entries = bundle.entry ?? [];
  if (entries.length === 0) issues.push(issue('error', 'required', 'The plan writes nothing', 'Bundle.entry'));
  const fullUrls = new Set(entries.map((e) => e.fullUrl));
  const seen = new Set<string>();
  const patients = new Set<string>();
  entries.forEach((e, i) => {
    const where = `Bundle.entry[${i}]`;
    const type = e.resource?.resourceType;
    if (!e.fullUrl || !UUID_URL.test(e.fullUrl))
      issues.push(issue('error', 'invalid', 'fullUrl must be a urn:uuid', `${where}.fullUrl`));
    else if (seen.has(e.fullUrl))
      issues.push(issue('error', 'duplicate', `fullUrl ${e.fullUrl} appears twice`, `${where}.fullUrl`));
    seen.add(e.fullUrl ?? '');
    if (e.request?.method !== 'POST' || e.request.url !== type || !e.request.ifNoneExist) {
      issues.push(
        issue(
          'error',
          'invalid',
          'Each entry is a conditional create: POST to its type with ifNoneExist',
          `${where}.request`
        )
      );
    }
    for (const ref of references(e.resource)) {
      if (ref.startsWith('urn:uuid:') && !fullUrls.has(ref)) {
        issues.push(
          issue('error', 'not-found', `Reference ${ref} points at no entry of the plan`, `${where}.resource`)
        );
      }
    }
    const subject = (e.resource as { subject?: { reference?: string } } | undefined)?.subject?.reference;
    if (subject?.startsWith('Patient/')) patients.add(subject);
  });
  if (patients.size > 1) {
    issues.push(
      issue('error', 'business-rule', `The plan mixes patients (${[...patients].sort().join(', ')})`, 'Bundle.entry')
    );
  }
  return issues;
}

/**
 * Validates a write-back plan before it may be committed: every entry against base R4 and its profile, plus the
 * transaction rules.
 * @param bundle - The plan.
 * @returns The OperationOutcome; errors block the commit.
 */
export function validatePlan(bundle: Bundle): OperationOutcome {
  if (bundle?.resourceType !== 'Bundle') return outcomeOf([issue('error', 'structure', 'A plan is a Bundle')], '');
  const entries = bundle.entry ?? [];
  const issues = [
    ...planIssues(bundle),
    ...entries.flatMap((e, i) => (e.resource ? inEntry(validateOne(e.resource), i, e.resource) : [])),
  ];
  return outcomeOf(issues, `All ${entries.length} entries are valid`);
}
