// Takes a synoptic QuestionnaireResponse (and the Observations extracted from it) into the plan: stable identifiers,
// the workup's patient, AI labels, preliminary status, and references rewritten to the plan's urn:uuids.
import { badRequest, OperationOutcomeError } from '@medplum/core';
import type { Observation, QuestionnaireResponse, QuestionnaireResponseItem, Resource } from '@medplum/fhirtypes';
import type { SynopticInput } from '../../common/contracts';
import type { DeviceSpec } from './devices';
import { type BuildContext, deviceRef, fullUrlFor, type PlanItem, workupItem } from './items';

const answered = (items: QuestionnaireResponseItem[] | undefined): number =>
  (items ?? []).reduce(
    (n, i) => n + (i.answer?.length ? 1 : 0) + answered(i.item) + answered(i.answer?.flatMap((a) => a.item ?? [])),
    0
  );

function samePatient(ctx: BuildContext, resource: Resource & { subject?: { reference?: string } }, what: string): void {
  const subject = resource.subject?.reference;
  if (subject && subject !== ctx.patient.reference && !subject.endsWith(`/${ctx.patient.reference}`)) {
    throw new OperationOutcomeError(
      badRequest(`${what} is about ${subject}, the workup about ${ctx.patient.reference}`)
    );
  }
}

function rewrite(value: unknown, map: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, map));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] = key === 'reference' && typeof child === 'string' ? (map.get(child) ?? child) : rewrite(child, map);
  }
  return out;
}

function describe(o: Observation): string {
  const name = o.code?.text ?? o.code?.coding?.[0]?.display ?? o.code?.coding?.[0]?.code ?? 'Observation';
  const value = o.valueCodeableConcept?.text ?? o.valueCodeableConcept?.coding?.[0]?.display ?? o.valueString;
  const quantity = o.valueQuantity ? `${o.valueQuantity.value} ${o.valueQuantity.unit ?? ''}`.trim() : undefined;
  return `${name}: ${value ?? quantity ?? (o.valueBoolean === undefined ? '—' : String(o.valueBoolean))}`;
}

/**
 * The items of one synoptic form.
 * @param ctx - The build context.
 * @param input - The response and its Observations.
 * @param agent - The workup agent (author of the response when none is given).
 * @returns The response item first, then one item per Observation; throws 400 when the form is about another patient.
 */
export function synopticItems(ctx: BuildContext, input: SynopticInput, agent: DeviceSpec): PlanItem[] {
  const qr = structuredClone(input.questionnaireResponse);
  samePatient(ctx, qr, 'The synoptic QuestionnaireResponse');
  const form = (qr.questionnaire ?? 'form').split('|')[0].split('/').pop() ?? 'form';
  const qrKey = `synoptic:${form}`;
  const map = new Map<string, string>();
  if (qr.id) map.set(`QuestionnaireResponse/${qr.id}`, fullUrlFor(ctx, qrKey));
  const used = new Set<string>();
  const entries = (input.observations ?? []).map((o, i) => {
    const entry = 'resource' in o ? o : { resource: o };
    const code = entry.resource.code?.coding?.[0]?.code ?? `${i}`;
    const key = used.has(`${qrKey}:${code}`) ? `${qrKey}:${code}:${i}` : `${qrKey}:${code}`;
    used.add(key);
    const fullUrl = fullUrlFor(ctx, key);
    if (entry.resource.id) map.set(`Observation/${entry.resource.id}`, fullUrl);
    if ('fullUrl' in entry && entry.fullUrl) map.set(entry.fullUrl, fullUrl);
    return { key, resource: structuredClone(entry.resource) };
  });

  const { id: _qrId, ...qrRest } = rewrite(qr, map) as QuestionnaireResponse;
  const response: QuestionnaireResponse = {
    ...qrRest,
    status: 'in-progress',
    subject: ctx.patient,
    authored: qrRest.authored ?? ctx.issued,
    author: qrRest.author ?? deviceRef(ctx, agent),
  };
  const items = [
    workupItem(
      ctx,
      qrKey,
      'Synoptic pathology',
      `Synoptic form ${form}: ${answered(qr.item)} answered items`,
      response
    ),
  ];
  for (const { key, resource } of entries) {
    samePatient(ctx, resource, `Synoptic Observation ${resource.id ?? key}`);
    const { id: _id, ...rest } = rewrite(resource, map) as Observation;
    const observation: Observation = {
      ...rest,
      status: 'preliminary',
      subject: ctx.patient,
      issued: rest.issued ?? ctx.issued,
      derivedFrom: rest.derivedFrom?.length ? rest.derivedFrom : [{ reference: items[0].fullUrl }],
    };
    items.push(workupItem(ctx, key, 'Synoptic pathology', describe(observation), observation));
  }
  return items;
}
