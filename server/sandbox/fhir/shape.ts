// A cheap structural check before full validation: a value where the definition wants a list (or a list where it wants
// one value) is refused at once with one issue. @medplum/core's validator walks such a value element by element, so a
// 200,000-character string in place of an array cost seconds of the single-threaded server and an outcome with an issue
// per character.
import { badRequest, type InternalTypeSchema, OperationOutcomeError, tryGetDataType } from '@medplum/core';
import type { Resource } from '@medplum/fhirtypes';

const MAX_DEPTH = 32;

function schemaFor(code: string | undefined, parent: InternalTypeSchema): InternalTypeSchema | undefined {
  if (!code) return undefined;
  return parent.innerTypes?.find((t) => t.name === code) ?? tryGetDataType(code);
}

function problem(value: unknown, schema: InternalTypeSchema, path: string, depth: number): string | undefined {
  if (depth > MAX_DEPTH) return `${path} is nested more than ${MAX_DEPTH} levels deep`;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const element = schema.elements[key];
    if (!element || child === null || child === undefined) continue;
    const where = `${path}.${key}`;
    if (element.isArray && !Array.isArray(child)) return `${where} must be an array`;
    if (!element.isArray && Array.isArray(child)) return `${where} must be a single value, not an array`;
    const type = element.type?.length === 1 ? element.type[0]?.code : undefined;
    const inner = schemaFor(type, schema);
    if (!inner || inner.kind === 'primitive-type') continue;
    for (const item of element.isArray ? (child as unknown[]) : [child]) {
      if (typeof item !== 'object' || item === null) return `${where} must be an object`;
      const found = problem(item, inner, where, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Throws a 400 OperationOutcomeError naming the first list/value mismatch, before the full validator runs.
 * @param resource - The resource about to be validated.
 */
export function checkShape(resource: Resource): void {
  const schema = tryGetDataType(resource.resourceType);
  if (!schema) return;
  const found = problem(resource, schema, resource.resourceType, 0);
  if (found) throw new OperationOutcomeError(badRequest(found, found.split(' ')[0]));
}
