// The one helper routes use to parse a JSON body (or query parameters) with a zod schema; a failure is thrown as a 400
// OperationOutcomeError with one issue per problem, which the app's one error handler answers.
import { OperationOutcomeError } from '@medplum/core';
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, invalidInput } from '../agent/outcome';

/**
 * Checks a parsed JSON value against a schema.
 * @param body - The value.
 * @param schema - The body's schema.
 * @returns The typed value; throws an OperationOutcomeError with one issue per problem, naming its path.
 */
export function checkBody<T>(body: unknown, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new OperationOutcomeError(
    invalidInput(
      parsed.error.issues.map((i) => ({
        text: `${i.path.join('.') || '(body)'}: ${i.message}`,
        expression: i.path.join('.') || '$',
      }))
    )
  );
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
 * Parses a request's query parameters with a schema.
 * @param c - The Hono context.
 * @param schema - The parameters' schema (values arrive as strings: coerce numbers).
 * @returns The typed parameters; throws an OperationOutcomeError (400) with one issue per problem.
 */
export function parseQuery<T>(c: Context, schema: z.ZodType<T>): T {
  return checkBody(c.req.query(), schema);
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
