// SDC $extract, definition-based: walks a Questionnaire beside its QuestionnaireResponse, opens a resource wherever a
// definitionExtract is declared, fills it from answers, fixed values and FHIRPath, and returns a transaction Bundle.
// Nothing here knows a template: the Questionnaire's extraction metadata decides everything.
import { randomUUID } from 'node:crypto';
import { badRequest, OperationOutcomeError } from '@medplum/core';
import type {
  Bundle,
  BundleEntry,
  OperationOutcomeIssue,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  Resource,
} from '@medplum/fhirtypes';
import { type Builder, contribute, itemPath, openBuilder } from './builder';
import { allocatedIds, extractDefinitions } from './extensions';
import { evaluateString, type Variables } from './fhirpath';
import { answerValue } from './values';

/** One extracted resource with its Bundle entry details and the item it came from. */
export interface ExtractedEntry extends BundleEntry {
  fullUrl: string;
  resource: Resource;
  /** The item whose definitionExtract made it (absent for a resource extracted at the root). */
  linkId?: string;
}

export interface Extraction {
  entries: ExtractedEntry[];
  /** Warnings (definitions that do not fit) and information (extractable items left unanswered). */
  issues: OperationOutcomeIssue[];
  /** Items with a definitionExtract that had no answer, so nothing was extracted for them. */
  skipped: { linkId: string; reason: string }[];
}

const answered = (item: QuestionnaireResponseItem): boolean =>
  (item.answer ?? []).some((a) => answerValue(a) !== undefined || (a.item ?? []).some(answered)) ||
  (item.item ?? []).some(answered);

const childrenOf = (item: QuestionnaireResponseItem): QuestionnaireResponseItem[] => [
  ...(item.item ?? []),
  ...(item.answer ?? []).flatMap((a) => a.item ?? []),
];

function allocate(element: { extension?: QuestionnaireItem['extension'] }, vars: Variables): Variables {
  const names = allocatedIds(element);
  if (!names.length) return vars;
  return { ...vars, ...Object.fromEntries(names.map((n) => [n, `urn:uuid:${randomUUID()}`])) };
}

/**
 * Extracts the resources a QuestionnaireResponse defines through its Questionnaire's SDC metadata.
 * @param questionnaire - The Questionnaire (with definitionExtract / definitionExtractValue / extractAllocateId).
 * @param response - The response; its `questionnaire` must name this Questionnaire.
 * @returns The entries in Questionnaire order (each after the resources opened inside it), issues and skipped items;
 *   throws a 400 OperationOutcomeError when the response answers another Questionnaire or the metadata is invalid.
 */
export function extractResources(questionnaire: Questionnaire, response: QuestionnaireResponse): Extraction {
  const answers = (response.questionnaire ?? '').split('|')[0];
  if (!questionnaire.url || answers !== questionnaire.url) {
    throw new OperationOutcomeError(badRequest(`The QuestionnaireResponse does not answer ${questionnaire.url}`));
  }
  const out: Extraction = { entries: [], issues: [], skipped: [] };
  const base: Variables = { resource: response, questionnaire };

  const finish = (builder: Builder, focus: object, vars: Variables) => {
    const where = builder.linkId ? `item ${builder.linkId}` : 'Questionnaire';
    if (!builder.resourceType || Object.keys(builder.json).length === 0) {
      out.issues.push({ severity: 'warning', code: 'processing', details: { text: `${where}: nothing extracted` } });
      return;
    }
    const d = builder.definition;
    const fullUrl = (d.fullUrl && evaluateString(d.fullUrl, focus, vars, where)) || `urn:uuid:${randomUUID()}`;
    const ifNoneExist = d.ifNoneExist ? evaluateString(d.ifNoneExist, focus, vars, where) : undefined;
    out.entries.push({
      fullUrl,
      resource: { resourceType: builder.resourceType, ...builder.json } as Resource,
      request: { method: 'POST', url: builder.resourceType, ...(ifNoneExist ? { ifNoneExist } : {}) },
      ...(builder.linkId ? { linkId: builder.linkId } : {}),
    });
  };

  const visit = (
    items: QuestionnaireItem[],
    given: QuestionnaireResponseItem[],
    open: Builder | undefined,
    vars: Variables
  ) => {
    for (const q of items) {
      const instances = given.filter((r) => r.linkId === q.linkId);
      const definitions = extractDefinitions(q, `item ${q.linkId}`);
      if (definitions.length && !instances.some(answered)) {
        out.skipped.push({ linkId: q.linkId, reason: 'not answered' });
        out.issues.push({
          severity: 'information',
          code: 'informational',
          details: { text: `Item ${q.linkId} is not answered: nothing extracted for it` },
          expression: [itemPath(q.linkId)],
        });
        continue;
      }
      for (const r of instances) {
        const scope = allocate(q, { ...vars, qitem: q });
        if (!answered(r)) continue;
        if (definitions.length === 0) {
          if (open) contribute(open, q, r, scope, out.issues);
          visit(q.item ?? [], childrenOf(r), open, scope);
          continue;
        }
        for (const definition of definitions) {
          const builder = openBuilder(definition, q.linkId);
          contribute(builder, q, r, scope, out.issues);
          visit(q.item ?? [], childrenOf(r), builder, scope);
          finish(builder, r, scope);
        }
      }
    }
  };

  const vars = allocate(questionnaire, base);
  const roots = extractDefinitions(questionnaire, 'Questionnaire').map((d) => openBuilder(d));
  for (const root of roots) contribute(root, questionnaire, response, vars, out.issues);
  visit(questionnaire.item ?? [], response.item ?? [], roots[0], vars);
  for (const root of roots) finish(root, response, vars);
  return out;
}

/**
 * The extraction as the transaction Bundle `$extract` returns.
 * @param extraction - The result of {@link extractResources}.
 * @returns A transaction Bundle of the extracted resources (entries keep fullUrl and request).
 */
export function toTransaction(extraction: Extraction): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: extraction.entries.map(({ linkId: _l, ...entry }) => entry),
  };
}
