// One resource being extracted: the definitionExtract that opened it, its JSON, and how answers, fixed values and
// expression results are written into it (definitions of another profile are reported, not guessed at).
import type { Coding, OperationOutcomeIssue, QuestionnaireItem, QuestionnaireResponseItem } from '@medplum/fhirtypes';
import { resolveDefinition, writeAt } from './element-path';
import { type ExtractDefinition, extractValues } from './extensions';
import { evaluate, type Variables } from './fhirpath';
import { answerValue, fitTo, type Typed } from './values';

const UNIT_EXT = 'http://hl7.org/fhir/StructureDefinition/questionnaire-unit';

export interface Builder {
  definition: ExtractDefinition;
  /** The profile or type canonical every definition written here must start with. */
  canonical: string;
  resourceType?: string;
  json: Record<string, unknown>;
  /** The item that opened the resource (absent at the root). */
  linkId?: string;
}

/** Where an item sits in the response, for issue expressions. */
export const itemPath = (linkId: string) => `QuestionnaireResponse.item.where(linkId='${linkId}')`;

/**
 * Opens a resource for a definitionExtract.
 * @param definition - The extension's content.
 * @param linkId - The item that carries it; undefined at the Questionnaire root.
 * @returns The builder (the resource type is known once the first element is written, or from a base canonical).
 */
export function openBuilder(definition: ExtractDefinition, linkId?: string): Builder {
  const base = /^http:\/\/hl7\.org\/fhir\/StructureDefinition\/([A-Z][A-Za-z]+)$/.exec(definition.definition)?.[1];
  return { definition, canonical: definition.definition, resourceType: base, json: {}, linkId };
}

/** Writes one value into the open resource; returns why it could not, if it could not. */
function write(builder: Builder, definition: string, typed: Typed, where: string, unit?: Coding): string | undefined {
  const target = resolveDefinition(definition, where);
  if (target.canonical !== builder.canonical) return `${definition} is not part of ${builder.canonical}`;
  if (builder.resourceType && builder.resourceType !== target.resourceType) {
    return `${definition} is not an element of ${builder.resourceType}`;
  }
  builder.resourceType = target.resourceType;
  const steps = [...target.steps];
  const last = steps.pop();
  if (!last) return `${definition} names the whole resource, not an element`;
  const fit = fitTo(typed, last.types, unit);
  if (!fit) return `a ${typed.type} cannot go into ${definition} (${last.types.join(', ')})`;
  const key = last.choice ? `${last.choice}${fit.type.charAt(0).toUpperCase()}${fit.type.slice(1)}` : last.key;
  writeAt(builder.json, [...steps, { ...last, key, types: [fit.type] }], fit.value);
  return undefined;
}

/**
 * Writes what an element contributes to the open resource: its definitionExtractValues (fixed values and
 * expressions, evaluated on the response item) and, for a question with a `definition`, its answers.
 * @param builder - The open resource.
 * @param item - The Questionnaire item, or the Questionnaire at the root.
 * @param focus - The matching response item, or the response at the root.
 * @param variables - The variables in scope.
 * @param issues - Collects warnings.
 */
export function contribute(
  builder: Builder,
  item: Partial<Pick<QuestionnaireItem, 'extension' | 'definition' | 'linkId'>>,
  focus: QuestionnaireResponseItem | object,
  variables: Variables,
  issues: OperationOutcomeIssue[]
): void {
  const where = item.linkId ? `item ${item.linkId}` : 'Questionnaire';
  const put = (definition: string, typed: Typed, unit?: Coding) => {
    const problem = write(builder, definition, typed, where, unit);
    if (problem) issues.push({ severity: 'warning', code: 'processing', details: { text: `${where}: ${problem}` } });
  };
  for (const v of extractValues(item, where)) {
    const values = v.fixed ? [v.fixed] : evaluate(v.expression!, focus, variables, where);
    for (const typed of values) put(v.definition, typed);
  }
  if (!item.definition || !('linkId' in focus)) return;
  if (!item.definition.startsWith(`${builder.canonical}#`)) return;
  const unit = item.extension?.find((e) => e.url === UNIT_EXT)?.valueCoding;
  for (const answer of focus.answer ?? []) {
    const typed = answerValue(answer);
    if (typed) put(item.definition, typed, unit);
  }
}
