// The body of POST /api/writeback/plan, declared as data: a finished workup (as GET /api/workups/:id returned it),
// approved synoptic forms, the ticked items and the signer. Lists are capped well above any real workup.
import { z } from 'zod';

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

const citation = z.union([z.string().max(300), z.number().int()]);
const WorkupInput = z.looseObject({
  id: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, ".", "_" or "-", at most 100'),
  patient: z.looseObject({ id: z.string().regex(FHIR_ID, 'a FHIR id'), name: z.string() }),
  fhirBase: z.string(),
  question: z.string(),
  mode: z.enum(['none', 'openai', 'local']),
  createdAt: z.iso.datetime({ offset: true }),
  toolCalls: z
    .array(
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
    )
    .max(200),
  findings: z
    .array(
      z.looseObject({
        kind: z.enum(['response', 'biomarker', 'alteration', 'therapy', 'score', 'stage', 'conflict']),
        text: z.string(),
        sources: z.array(z.string()),
      })
    )
    .max(1000),
  evidence: z
    .array(
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
    )
    .max(500),
  answer: z.looseObject({
    markdown: z.string(),
    statements: z.array(z.looseObject({ text: z.string(), citations: z.array(citation), supported: z.boolean() })),
  }),
  suggestions: z.array(z.string()).max(100),
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

/** The request schema (parsed in the plan worker). */
export const PlanRequest = z.object({
  workup: WorkupInput,
  synoptic: z.union([Synoptic, z.array(Synoptic).max(20)]).optional(),
  include: z
    .array(z.string().min(1).max(200))
    .max(2000)
    .optional()
    .describe('Keys or fullUrls of the items to write; absent: all'),
  signAs: z
    .string()
    .regex(/^(Practitioner|PractitionerRole)\/[A-Za-z0-9\-.]{1,64}$/, 'Practitioner/<id> or PractitionerRole/<id>')
    .optional()
    .describe('The signing clinician: the plan comes back signed (final)'),
  signerName: z.string().max(200).optional().describe("The signer's name, shown in the report and on the signature"),
  review: z
    .object({ conclusion: z.string().max(10_000).optional(), comment: z.string().max(10_000).optional() })
    .optional()
    .describe("The clinician's edited conclusion and comment"),
});
