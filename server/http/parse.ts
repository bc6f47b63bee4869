// The one helper routes use to parse a JSON body with a zod schema and answer failures as OperationOutcomes.
import { badRequest, getStatus, OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** Sends an OperationOutcome with the HTTP status it implies. */
export function fail(c: Context, outcome: OperationOutcome): Response {
  return c.json(outcome, getStatus(outcome) as ContentfulStatusCode);
}

/**
 * Checks a parsed JSON value against a schema.
 * @param body - The value.
 * @param schema - The body's schema.
 * @returns The typed value; throws an OperationOutcomeError with one issue per problem, naming its path.
 */
export function checkBody<T>(body: unknown, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new OperationOutcomeError({
    resourceType: 'OperationOutcome',
    issue: parsed.error.issues.map((i) => ({
      severity: 'error',
      code: 'invalid',
      details: { text: `${i.path.join('.') || '(body)'}: ${i.message}` },
      expression: [i.path.join('.') || '$'],
    })),
  });
}

/**
 * Parses a JSON text with a schema.
 * @param text - The request body.
 * @param schema - The body's schema.
 * @returns The typed value; throws an OperationOutcomeError (400) when it is not JSON or does not fit.
 */
export function parseJsonText<T>(text: string, schema: z.ZodType<T>): T {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OperationOutcomeError(badRequest('The request body is not JSON'));
  }
  return checkBody(body, schema);
}

/**
 * Parses a JSON body with a schema.
 * @param c - The Hono context.
 * @param schema - The body's schema.
 * @returns The parsed body; throws an OperationOutcomeError with one issue per problem, naming its path.
 */
export async function parseBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new OperationOutcomeError(badRequest('The request body is not JSON'));
  }
  return checkBody(body, schema);
}
