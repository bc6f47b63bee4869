// Reads the SDC extraction extensions of a Questionnaire (definitionExtract, definitionExtractValue, extractAllocateId)
// into plain data, so the extraction engine never looks at extension URLs itself.
import { badRequest, OperationOutcomeError } from '@medplum/core';
import type { Element, Expression, Extension } from '@medplum/fhirtypes';
import { type Typed, typeOfValueKey } from './values';

const SDC = 'http://hl7.org/fhir/uv/sdc/StructureDefinition';
/** The SDC extension URLs the engine reads (SDC 4.0). */
export const SDC_EXT = {
  definitionExtract: `${SDC}/sdc-questionnaire-definitionExtract`,
  definitionExtractValue: `${SDC}/sdc-questionnaire-definitionExtractValue`,
  extractAllocateId: `${SDC}/sdc-questionnaire-extractAllocateId`,
  observationExtract: `${SDC}/sdc-questionnaire-observationExtract`,
  launchContext: `${SDC}/sdc-questionnaire-launchContext`,
} as const;

/** What one definitionExtract says: the profile (or base type) to make, and FHIRPath for the Bundle entry. */
export interface ExtractDefinition {
  definition: string;
  fullUrl?: string;
  ifNoneExist?: string;
  ifMatch?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

/** One definitionExtractValue: the element to fill, with a fixed value or a FHIRPath expression. */
export interface ExtractValue {
  definition: string;
  fixed?: Typed;
  expression?: string;
}

type WithExtensions = Element & { extension?: Extension[] };

const part = (ext: Extension, url: string): Extension | undefined => ext.extension?.find((e) => e.url === url);

/** The value[x] of an extension with its type, whatever the type. */
function typedValueOf(ext: Extension | undefined): Typed | undefined {
  const key = ext && Object.keys(ext).find((k) => k.startsWith('value'));
  return key ? { type: typeOfValueKey(key), value: (ext as unknown as Record<string, unknown>)[key] } : undefined;
}

function fhirPath(expression: Expression, where: string): string {
  if (expression.language !== 'text/fhirpath' || !expression.expression) {
    throw new OperationOutcomeError(
      badRequest(`${where}: only FHIRPath expressions (text/fhirpath) are supported, got ${expression.language}`)
    );
  }
  return expression.expression;
}

/**
 * The definitionExtract extensions of a Questionnaire or item.
 * @param element - The Questionnaire or one of its items.
 * @param where - Names the element in error messages (e.g. `item pT`).
 * @returns One entry per extension; throws a 400 OperationOutcomeError when `definition` is missing.
 */
export function extractDefinitions(element: WithExtensions, where: string): ExtractDefinition[] {
  return (element.extension ?? [])
    .filter((e) => e.url === SDC_EXT.definitionExtract)
    .map((ext) => {
      const definition = part(ext, 'definition')?.valueCanonical;
      if (!definition) throw new OperationOutcomeError(badRequest(`${where}: definitionExtract without a definition`));
      const out: ExtractDefinition = { definition };
      for (const key of ['fullUrl', 'ifNoneExist', 'ifMatch', 'ifNoneMatch', 'ifModifiedSince'] as const) {
        const value = part(ext, key)?.valueString;
        if (value) out[key] = value;
      }
      return out;
    });
}

/**
 * The definitionExtractValue extensions of a Questionnaire or item, in document order.
 * @param element - The Questionnaire or one of its items.
 * @param where - Names the element in error messages.
 * @returns One entry per extension; throws a 400 OperationOutcomeError when one has neither or both value kinds.
 */
export function extractValues(element: WithExtensions, where: string): ExtractValue[] {
  return (element.extension ?? [])
    .filter((e) => e.url === SDC_EXT.definitionExtractValue)
    .map((ext) => {
      const definition = part(ext, 'definition')?.valueUri;
      const expression = part(ext, 'expression')?.valueExpression;
      const fixed = typedValueOf(part(ext, 'fixed-value'));
      if (!definition || (expression === undefined) === (fixed === undefined)) {
        throw new OperationOutcomeError(
          badRequest(`${where}: definitionExtractValue needs a definition and either fixed-value or expression`)
        );
      }
      return expression ? { definition, expression: fhirPath(expression, where) } : { definition, fixed };
    });
}

/**
 * The variable names an element allocates a new id for (extractAllocateId).
 * @param element - The Questionnaire or one of its items.
 * @returns The names, without the `%`.
 */
export function allocatedIds(element: WithExtensions): string[] {
  return (element.extension ?? [])
    .filter((e) => e.url === SDC_EXT.extractAllocateId && typeof e.valueString === 'string')
    .map((e) => e.valueString!);
}
