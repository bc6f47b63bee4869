// HTTP API of the write-back (mounted at /api/writeback): POST /plan turns a workup (+ synoptic forms) into the
// transaction Bundle to review, sign and commit, with a plain-language summary and the validation outcome.
import { badRequest, normalizeOperationOutcome, OperationOutcomeError } from '@medplum/core';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { WorkupResult } from '../agent/workup-result';
import { buildPlan, type SynopticInput } from '../writeback';
import { fail, parseBody } from './parse';

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

const citation = z.union([z.string().max(300), z.number().int()]);
const WorkupInput = z.looseObject({
  id: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, ".", "_" or "-", at most 100'),
  patient: z.looseObject({ id: z.string().regex(FHIR_ID, 'a FHIR id'), name: z.string() }),
  fhirBase: z.string(),
  question: z.string(),
  mode: z.enum(['none', 'openai', 'local']),
  createdAt: z.iso.datetime({ offset: true }),
  toolCalls: z.array(
    z.looseObject({
      id: z.string().min(1).max(100),
      tool: z.string().min(1),
      args: z.unknown(),
      status: z.enum(['ok', 'error', 'unavailable']),
      output: z.unknown().optional(),
      message: z.string().optional(),
      warnings: z.array(z.string()).optional(),
      ms: z.number(),
    })
  ),
  findings: z.array(
    z.looseObject({
      kind: z.enum(['response', 'biomarker', 'alteration', 'therapy', 'score', 'stage', 'conflict']),
      text: z.string(),
      sources: z.array(z.string()),
    })
  ),
  evidence: z.array(
    z.looseObject({
      n: z.number().int(),
      sourceId: z.string(),
      title: z.string(),
      section: z.string(),
      text: z.string(),
      source: z.string().optional(),
      year: z.number().optional(),
      url: z.string().optional(),
    })
  ),
  answer: z.looseObject({
    markdown: z.string(),
    statements: z.array(z.looseObject({ text: z.string(), citations: z.array(citation), supported: z.boolean() })),
  }),
  suggestions: z.array(z.string()),
  usage: z.looseObject({ llmCalls: z.number(), promptTokens: z.number(), completionTokens: z.number() }),
  timings: z.record(z.string(), z.number()),
});

const fhirResource = (type: string) => z.looseObject({ resourceType: z.literal(type) });
const Synoptic = z.object({
  questionnaireResponse: fhirResource('QuestionnaireResponse'),
  observations: z
    .array(
      z.union([
        fhirResource('Observation'),
        z.object({ fullUrl: z.string().optional(), resource: fhirResource('Observation') }),
      ])
    )
    .optional(),
});

export const PlanRequest = z.object({
  workup: WorkupInput,
  synoptic: z.union([Synoptic, z.array(Synoptic)]).optional(),
  include: z.array(z.string().min(1)).optional().describe('Keys or fullUrls of the items to write; absent: all'),
  signAs: z
    .string()
    .regex(/^(Practitioner|PractitionerRole)\/[A-Za-z0-9\-.]{1,64}$/, 'Practitioner/<id> or PractitionerRole/<id>')
    .optional()
    .describe('The signing clinician: the plan comes back signed (final)'),
});

/**
 * The write-back routes.
 * @returns A Hono app to mount at /api/writeback.
 */
export function writebackRoutes(): Hono {
  const app = new Hono();
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(badRequest(`The request body is larger than ${MAX_BODY_BYTES / 2 ** 20} MiB`), 413),
    })
  );
  app.post('/plan', async (c) => {
    const input = await parseBody(c, PlanRequest);
    const plan = buildPlan({
      workup: input.workup as unknown as WorkupResult,
      synoptic: input.synoptic as unknown as SynopticInput | SynopticInput[] | undefined,
      include: input.include,
      signAs: input.signAs,
    });
    return c.json(plan);
  });
  app.onError((err, c) => {
    if (err instanceof OperationOutcomeError) return fail(c, err.outcome);
    process.stderr.write(`writeback: ${err.message}\n`);
    return fail(c, normalizeOperationOutcome(new Error('Internal server error')));
  });
  return app;
}
