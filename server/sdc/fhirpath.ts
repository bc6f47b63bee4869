// Evaluates the FHIRPath of SDC extraction (definitionExtractValue, fullUrl, ifNoneExist) with Medplum's engine and
// the SDC variables (%resource, %questionnaire, %qitem, allocated ids), returning plain typed values.
import { badRequest, evalFhirPathTyped, OperationOutcomeError, type TypedValue, toTypedValue } from '@medplum/core';
import type { Typed } from './values';

/** Variables in scope, by name without the `%`. */
export type Variables = Record<string, unknown>;

/**
 * Evaluates an expression.
 * @param expression - FHIRPath.
 * @param focus - The context item (`this`): a QuestionnaireResponse item, or the response at the root.
 * @param variables - Named values, e.g. `{ resource: qr, pTObservation: 'urn:uuid:…' }`.
 * @param where - Names the Questionnaire element in error messages.
 * @returns The results with their FHIR types; throws a 400 OperationOutcomeError when the expression is invalid.
 */
export function evaluate(expression: string, focus: unknown, variables: Variables, where: string): Typed[] {
  const vars: Record<string, TypedValue> = {};
  for (const [name, value] of Object.entries(variables)) vars[`%${name}`] = toTypedValue(value);
  try {
    return evalFhirPathTyped(expression, [toTypedValue(focus)], vars).map((t) => ({ type: t.type, value: t.value }));
  } catch (err) {
    throw new OperationOutcomeError(
      badRequest(`${where}: the expression "${expression}" cannot be evaluated (${(err as Error).message})`)
    );
  }
}

/**
 * Evaluates an expression that must give one string (a fullUrl, a search for ifNoneExist).
 * @param expression - FHIRPath.
 * @param focus - The context item.
 * @param variables - Named values.
 * @param where - Names the Questionnaire element in error messages.
 * @returns The string, or undefined when the expression gives nothing.
 */
export function evaluateString(
  expression: string,
  focus: unknown,
  variables: Variables,
  where: string
): string | undefined {
  const [first] = evaluate(expression, focus, variables, where);
  return first === undefined ? undefined : String(first.value);
}
