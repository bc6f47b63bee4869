// Loads the synoptic templates from fhir-profiles/ (Questionnaire + ValueSet + CodeSystem): items, answer options and
// the knowledge sections each item needs, so the extractors, the checker and the UI share one definition.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { badRequest, OperationOutcomeError } from '@medplum/core';
import type { CodeSystem, Coding, Questionnaire, QuestionnaireItem, ValueSet } from '@medplum/fhirtypes';
import { canonical } from '../fhir/canonical';

export const PROFILES_DIR = resolve(import.meta.dirname, '../../fhir-profiles');
export const TEMPLATE_IDS = ['cap-colorectal-resection', 'ajcc8-lung-resection', 'cd99-pattern'] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

/** Extension URLs this project defines for synoptic artifacts. */
export const EXT = {
  knowledge: canonical('StructureDefinition', 'synoptic-knowledge-section'),
  evidence: canonical('StructureDefinition', 'synoptic-evidence'),
  explanation: canonical('StructureDefinition', 'synoptic-explanation'),
  method: canonical('StructureDefinition', 'synoptic-method'),
  violation: canonical('StructureDefinition', 'synoptic-violation'),
  uncertain: canonical('StructureDefinition', 'synoptic-uncertain'),
  issue: canonical('StructureDefinition', 'synoptic-issue'),
  sourceReport: canonical('StructureDefinition', 'synoptic-source-report'),
  reasoning: canonical('StructureDefinition', 'synoptic-reasoning'),
} as const;

const UNIT_EXT = 'http://hl7.org/fhir/StructureDefinition/questionnaire-unit';
const OBS_EXTRACT_EXT = 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-observationExtract';

export interface AnswerOption {
  system: string;
  code: string;
  display: string;
}

export interface TemplateItem {
  linkId: string;
  text: string;
  type: 'choice' | 'decimal';
  required: boolean;
  /** UCUM unit of a decimal item (cm). */
  unit?: string;
  /** Choice items: the allowed answers, in order; empty for decimals. */
  options: AnswerOption[];
  /** What the item means and how to decide it (the Questionnaire's help text). */
  help: string;
  /** Knowledge units the item needs, as `docId#sectionId`. */
  knowledge: string[];
  /** Codes for SDC observation-based extraction (LOINC), when the item maps to an Observation. */
  code?: Coding[];
  observationExtract: boolean;
}

export interface Template {
  id: TemplateId;
  url: string;
  version: string;
  title: string;
  items: TemplateItem[];
  questionnaire: Questionnaire;
}

const cache = new Map<string, Template>();

function readJson<T>(dir: string, type: string, id: string): T {
  const path = resolve(dir, type, `${id}.json`);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (err) {
    throw new Error(`Cannot read ${type}/${id}.json in ${dir}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function optionsOf(dir: string, valueSetUrl: string): AnswerOption[] {
  const id = valueSetUrl.slice(valueSetUrl.lastIndexOf('/') + 1);
  const vs = readJson<ValueSet>(dir, 'ValueSet', id);
  return (vs.compose?.include ?? []).flatMap((inc) => {
    if (!inc.system) return [];
    if (inc.concept?.length)
      return inc.concept.map((c) => ({ system: inc.system!, code: c.code, display: c.display ?? c.code }));
    const cs = readJson<CodeSystem>(dir, 'CodeSystem', inc.system.slice(inc.system.lastIndexOf('/') + 1));
    return (cs.concept ?? []).map((c) => ({ system: inc.system!, code: c.code, display: c.display ?? c.code }));
  });
}

function toItem(dir: string, q: QuestionnaireItem): TemplateItem {
  const ext = q.extension ?? [];
  const type = q.type === 'decimal' ? 'decimal' : 'choice';
  const options = q.answerValueSet ? optionsOf(dir, q.answerValueSet) : [];
  if (type === 'choice' && options.length === 0) throw new Error(`Item ${q.linkId} has no answer options`);
  return {
    linkId: q.linkId,
    text: q.text ?? q.linkId,
    type,
    required: q.required === true,
    unit: ext.find((e) => e.url === UNIT_EXT)?.valueCoding?.code,
    options,
    help: (q.item ?? [])
      .filter((c) => c.type === 'display')
      .map((c) => c.text ?? '')
      .join(' '),
    knowledge: ext.filter((e) => e.url === EXT.knowledge && e.valueString).map((e) => e.valueString!),
    code: q.code,
    observationExtract: ext.some((e) => e.url === OBS_EXTRACT_EXT && e.valueBoolean === true),
  };
}

/**
 * Loads a template (cached per folder).
 * @param id - Questionnaire id, e.g. `cap-colorectal-resection`.
 * @param dir - The fhir-profiles folder (default: the repository's).
 * @returns The template; throws OperationOutcomeError (bad request) for an unknown id.
 */
export function loadTemplate(id: string, dir: string = PROFILES_DIR): Template {
  const key = `${dir}\u0000${id}`;
  const hit = cache.get(key);
  if (hit) return hit;
  if (!(TEMPLATE_IDS as readonly string[]).includes(id)) {
    throw new OperationOutcomeError(badRequest(`Unknown synoptic template "${id}"; known: ${TEMPLATE_IDS.join(', ')}`));
  }
  const questionnaire = readJson<Questionnaire>(dir, 'Questionnaire', id);
  const items = (questionnaire.item ?? []).filter((i) => i.type !== 'display').map((i) => toItem(dir, i));
  const template: Template = {
    id: id as TemplateId,
    url: questionnaire.url ?? canonical('Questionnaire', id),
    version: questionnaire.version ?? '0',
    title: questionnaire.title ?? id,
    items,
    questionnaire,
  };
  cache.set(key, template);
  return template;
}

/**
 * An item of a template by linkId.
 * @param template - The template.
 * @param linkId - The item's linkId.
 * @returns The item; throws when the template has no such item (a programming error).
 */
export function itemOf(template: Template, linkId: string): TemplateItem {
  const item = template.items.find((i) => i.linkId === linkId);
  if (!item) throw new Error(`Template ${template.id} has no item "${linkId}"`);
  return item;
}

/**
 * The option of a choice item whose display matches (case and spacing ignored).
 * @param item - A choice item.
 * @param display - The display text.
 * @returns The option, or undefined.
 */
export function optionOf(item: TemplateItem, display: string): AnswerOption | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const want = norm(display);
  return item.options.find((o) => norm(o.display) === want || o.code === display);
}

/** The template as plain JSON for a form: items with type, unit, help and options. */
export function templateView(template: Template): object {
  return {
    id: template.id,
    url: template.url,
    version: template.version,
    title: template.title,
    items: template.items.map(({ linkId, text, type, required, unit, options, help }) => ({
      linkId,
      text,
      type,
      required,
      ...(unit ? { unit } : {}),
      ...(options.length ? { options } : {}),
      help,
    })),
  };
}
