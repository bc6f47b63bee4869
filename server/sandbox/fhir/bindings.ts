// Enforces `required` terminology bindings on code-typed elements (Patient.gender, DiagnosticReport.status, …),
// which @medplum/core's validateResource does not check. A spec-conformant server refuses `gender: "bogus"`.
import { crawlTypedValue, OperationOutcomeError, type TypedValue, toTypedValue } from '@medplum/core';
import type { OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';
import { valueSetCodes } from './valuesets';

/**
 * Lists the code-typed elements of a resource (contained resources included) whose value is not in the value set
 * of their required binding. Value sets the sandbox cannot expand are skipped.
 * @param resource - A resource that already passed structural validation.
 * @returns One error issue per offending value.
 */
export function requiredBindingIssues(resource: Resource): OperationOutcomeIssue[] {
  const issues: OperationOutcomeIssue[] = [];
  crawlTypedValue(toTypedValue(resource), {
    visitProperty(_parent, key, path, values, schema) {
      const binding = schema.elements[key]?.binding;
      if (binding?.strength !== 'required' || !binding.valueSet) return;
      for (const value of values.flat() as (TypedValue | undefined)[]) {
        if (value?.type !== 'code' || typeof value.value !== 'string') continue;
        const codes = valueSetCodes(binding.valueSet);
        if (codes && !codes.has(value.value)) {
          issues.push({
            severity: 'error',
            code: 'code-invalid',
            details: { text: `${path}: "${value.value}" is not in the required value set ${binding.valueSet}` },
            expression: [path],
          });
        }
      }
    },
  });
  return issues;
}

/**
 * Throws a 400 OperationOutcomeError when a resource breaks a required binding.
 * @param resource - The resource about to be stored.
 */
export function checkRequiredBindings(resource: Resource): void {
  const issues = requiredBindingIssues(resource);
  if (issues.length === 0) return;
  throw new OperationOutcomeError({ resourceType: 'OperationOutcome', issue: issues });
}
