// A Bulk Data kick-off sent as POST (FHIR Bulk Data Access IG 2.0.0 allows it): its Parameters body turned into the
// same query parameters a GET kick-off carries, so one parser checks both. Bad bodies get a 400 naming the problem.
import { badRequest, OperationOutcomeError } from '@medplum/core';
import { z } from 'zod';

const Parameter = z.object({
  name: z.string().min(1),
  valueString: z.string().optional(),
  valueCode: z.string().optional(),
  valueInstant: z.string().optional(),
  valueDateTime: z.string().optional(),
  valueBoolean: z.boolean().optional(),
  valueReference: z.object({ reference: z.string().optional() }).optional(),
});

const ParametersBody = z.object({
  resourceType: z.literal('Parameters', { error: 'The body of a POST kick-off must be a Parameters resource' }),
  parameter: z.array(Parameter).default([]),
});

const refuse = (text: string): OperationOutcomeError => new OperationOutcomeError(badRequest(text));

/** A parameter's value as query text; references as their reference string. */
function textOf(p: z.infer<typeof Parameter>): string | undefined {
  const v =
    p.valueString ?? p.valueCode ?? p.valueInstant ?? p.valueDateTime ?? p.valueReference?.reference ?? p.valueBoolean;
  return v === undefined ? undefined : String(v);
}

/**
 * The query parameters of a POST kick-off.
 * @param body - The request body as text.
 * @param query - The request URL's own query (must be empty: a POST kick-off carries its parameters in the body).
 * @returns The parameters; throws a 400 OperationOutcomeError for a body that is not a Parameters resource, a parameter
 * without a value, or a query next to the body.
 */
export function postedParams(body: string, query: URLSearchParams): URLSearchParams {
  if ([...query.keys()].length > 0) throw refuse('A POST kick-off carries its parameters in the body, not the URL');
  let json: unknown;
  try {
    json = body.trim() ? JSON.parse(body) : { resourceType: 'Parameters' };
  } catch {
    throw refuse('The body of a POST kick-off is not JSON');
  }
  const parsed = ParametersBody.safeParse(json);
  if (!parsed.success) throw refuse(parsed.error.issues[0]?.message ?? 'Not a Parameters resource');
  const params = new URLSearchParams();
  for (const p of parsed.data.parameter) {
    const value = textOf(p);
    if (value === undefined) throw refuse(`The parameter ${p.name} has no value`);
    params.append(p.name, value);
  }
  return params;
}
