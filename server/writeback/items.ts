// One plan item = one resource to write, with its stable key, plain-language summary and conditional-create query.
// Keys and fullUrls are derived from the workup id, so the same workup always gives the same plan.
import type { Device, Patient, Reference, Resource } from '@medplum/fhirtypes';
import type { NotWritten, PlanGroup, WorkupResult } from '../../common/contracts';
import { nameUuid } from '../fhir/uuid';
import { AIAST, DEVICE_SYSTEM, WORKUP_ITEM_SYSTEM } from './codes';
import type { DeviceSpec } from './devices';

// The builders read these from here; the contracts own them.
export type { NotWritten, PlanGroup };

export interface PlanItem {
  /** Stable within the workup, e.g. `measurement:call-3`; the identifier value is `<workupId>:<key>`. */
  key: string;
  group: PlanGroup;
  /** What the item says, in words a clinician reads on the review screen. */
  text: string;
  fullUrl: string;
  resource: Resource;
  ifNoneExist: string;
  /** Written whenever anything is (Devices, Provenance): the review screen shows them without a checkbox. */
  required?: boolean;
  /** The software (besides the agent) that made it: Devices the plan writes and Provenance names. */
  devices?: DeviceSpec[];
}

/** A deterministic urn:uuid (UUID v5 layout over SHA-256) for a name. */
export function uuidFor(name: string): string {
  return `urn:uuid:${nameUuid(name)}`;
}

/** What every builder needs from the workup. */
export interface BuildContext {
  workup: WorkupResult;
  patient: Reference<Patient>;
  /** When the workup ran: Observation.issued, DiagnosticReport.issued, Provenance.recorded. */
  issued: string;
}

/** The stable identifier value of an item. */
export const itemValue = (ctx: BuildContext, key: string): string => `${ctx.workup.id}:${key}`;

/** The fullUrl an item of this workup gets. */
export const fullUrlFor = (ctx: BuildContext, key: string): string => uuidFor(`${ctx.workup.id}:${key}`);

/**
 * Makes a workup-made resource into a plan item: stable identifier, AIAST label, conditional create.
 * @param ctx - The build context.
 * @param key - The item key.
 * @param group - Review group.
 * @param text - Plain-language summary.
 * @param resource - The resource (Observation, DiagnosticReport or QuestionnaireResponse).
 * @returns The item.
 */
export function workupItem(
  ctx: BuildContext,
  key: string,
  group: PlanGroup,
  text: string,
  resource: Resource
): PlanItem {
  const identifier = { system: WORKUP_ITEM_SYSTEM, value: itemValue(ctx, key) };
  const r = resource as Resource & { identifier?: unknown };
  const others = Array.isArray(r.identifier)
    ? r.identifier.filter((i: { system?: string }) => i.system !== WORKUP_ITEM_SYSTEM)
    : [];
  // QuestionnaireResponse.identifier is a single Identifier in R4; the others take a list.
  r.identifier = resource.resourceType === 'QuestionnaireResponse' ? identifier : [identifier, ...others];
  const security = (resource.meta?.security ?? []).filter((s) => s.code !== AIAST.code);
  resource.meta = { ...resource.meta, security: [...security, AIAST] };
  return {
    key,
    group,
    text,
    fullUrl: fullUrlFor(ctx, key),
    resource,
    ifNoneExist: `identifier=${WORKUP_ITEM_SYSTEM}|${encodeURIComponent(identifier.value)}`,
  };
}

/** A Device item: identified across workups by `<id>@<version>`, so each version is written once per server. */
export function deviceItem(ctx: BuildContext, deviceKey: string, text: string, resource: Resource): PlanItem {
  return {
    key: `device:${deviceKey}`,
    group: 'Software',
    text,
    fullUrl: fullUrlFor(ctx, `device:${deviceKey}`),
    resource,
    ifNoneExist: `identifier=${DEVICE_SYSTEM}|${encodeURIComponent(deviceKey)}`,
    required: true,
  };
}

/** The reference to a Device of this plan. */
export function deviceRef(ctx: BuildContext, spec: DeviceSpec): Reference<Device> {
  return { reference: fullUrlFor(ctx, `device:${spec.key}`), display: `${spec.name} ${spec.version}` };
}

/** Rounds to one decimal (sizes) or four (probabilities), dropping float noise. */
export const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;
