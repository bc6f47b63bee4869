// Builds the write-back plan of a workup: one transaction Bundle of conditional creates, a plain-language summary for
// the review screen, what could not be written and why, and the validation outcome that gates the commit.
import { badRequest, OperationOutcomeError } from '@medplum/core';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { PlanSummaryItem, SynopticInput, WorkupResult, WritebackPlan } from '../../common/contracts';
import { writebackBuilders } from '../tools/adapter-registry';
import { WORKUP_ITEM_SYSTEM } from './codes';
import { agentSpec, type DeviceSpec, deviceResource } from './devices';
import { withIdentities } from './identity';
import { type BuildContext, deviceItem, type PlanItem } from './items';
import { provenanceItem } from './provenance';
import { MAX_REVIEW_TEXT, type ReportReview, reportItem } from './report';
import { sign } from './sign';
import { synopticItems } from './synoptic';
import { hasErrors } from './validate';
import { validatePlan } from './validate-plan';

export interface PlanInput {
  workup: WorkupResult;
  synoptic?: SynopticInput | SynopticInput[];
  /** Keys or fullUrls of the items to write; absent: all. Devices and Provenance follow what is written. */
  include?: string[];
  /** `Practitioner/<id>` (or PractitionerRole) signing: the plan comes back signed (statuses final). */
  signAs?: string;
  /** The signer's display name (from the fhirUser resource), shown in the report and on the signature. */
  signerName?: string;
  /** The clinician's edits on the review screen: their conclusion and a comment. */
  review?: Pick<ReportReview, 'conclusion' | 'comment'>;
}

function reviewOf(review: PlanInput['review']): ReportReview {
  const text = (value: string | undefined, what: string): string | undefined => {
    if (value === undefined) return undefined;
    if (value.length > MAX_REVIEW_TEXT) {
      throw new OperationOutcomeError(badRequest(`The ${what} is longer than ${MAX_REVIEW_TEXT} characters`));
    }
    return value.trim() || undefined;
  };
  return { conclusion: text(review?.conclusion, 'conclusion'), comment: text(review?.comment, 'comment') };
}

function instant(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new OperationOutcomeError(badRequest(`workup.createdAt is not a date: ${value}`));
  return date.toISOString();
}

/** Removes references to plan entries that are not written (hasMember, derivedFrom, result…), and lists left empty. */
function prune<T>(value: T, kept: Set<string>): T {
  if (Array.isArray(value)) {
    const dangling = (v: unknown): boolean => {
      const ref = (v as { reference?: unknown } | null)?.reference;
      return typeof ref === 'string' && ref.startsWith('urn:uuid:') && !kept.has(ref);
    };
    return value.filter((v) => !dangling(v)).map((v) => prune(v, kept)) as T;
  }
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const pruned = prune(child, kept);
    if (!(Array.isArray(pruned) && pruned.length === 0 && Array.isArray(child) && child.length > 0)) out[key] = pruned;
  }
  return out as T;
}

const summaryOf = (item: PlanItem, included: boolean): PlanSummaryItem => ({
  key: item.key,
  group: item.group,
  text: item.text,
  fullUrl: item.fullUrl,
  resourceType: item.resource.resourceType,
  included,
  required: item.required ?? false,
});

/**
 * Builds the plan.
 * @param input - The workup, optional synoptic forms, the items to include, and who signs (if anyone yet).
 * @returns Bundle, summary, not-written list and validation outcome; throws 400 on input that cannot be planned.
 */
export function buildPlan(input: PlanInput): WritebackPlan {
  const { workup } = input;
  const ctx: BuildContext = {
    workup,
    patient: {
      reference: `Patient/${workup.patient.id}`,
      ...(workup.patient.name ? { display: workup.patient.name } : {}),
    },
    issued: instant(workup.createdAt),
  };
  const agent = agentSpec(workup.mode);
  // Each tool builds its own items (server/tools/<name>/writeback.ts), in the registry's order.
  const parts = writebackBuilders().map((build) => build(ctx));
  const forms = input.synoptic === undefined ? [] : Array.isArray(input.synoptic) ? input.synoptic : [input.synoptic];
  const candidates = [...parts.flatMap((p) => p.items), ...forms.flatMap((f) => synopticItems(ctx, f, agent))];
  const wanted = (item: PlanItem): boolean =>
    !input.include || input.include.includes(item.key) || input.include.includes(item.fullUrl);
  const chosen = candidates.filter(wanted);

  const studies = [
    ...new Set(
      chosen
        .filter((i) => i.key.startsWith('measurement:'))
        .flatMap((i) =>
          ((i.resource as { derivedFrom?: { reference?: string }[] }).derivedFrom ?? []).map((d) => d.reference ?? '')
        )
        .filter((r) => r.startsWith('ImagingStudy/'))
    ),
  ];
  const signerName = input.signAs ? input.signerName?.trim().slice(0, 200) || undefined : undefined;
  const report = reportItem(ctx, { candidates, chosen }, studies, { ...reviewOf(input.review), signerName });
  const written = wanted(report) ? [...chosen, report] : chosen;

  const specs = new Map<string, DeviceSpec>();
  for (const d of written.flatMap((i) => i.devices ?? [])) specs.set(d.key, d);
  const devices = written.length
    ? [agent, ...specs.values()].map((d) => deviceItem(ctx, d.key, `${d.name} ${d.version}`, deviceResource(d)))
    : [];
  const provenance = written.length ? [provenanceItem(ctx, written, agent, [...specs.values()])] : [];
  const entries = [...devices, ...written, ...provenance];
  const kept = new Set(entries.map((e) => e.fullUrl));

  let bundle: Bundle = {
    resourceType: 'Bundle',
    type: 'transaction',
    identifier: { system: WORKUP_ITEM_SYSTEM, value: `${workup.id}:plan` },
    entry: entries.map((e) => ({
      fullUrl: e.fullUrl,
      resource: prune(e.resource, kept) as Resource,
      request: { method: 'POST', url: e.resource.resourceType, ifNoneExist: e.ifNoneExist },
    })),
  };
  bundle = input.signAs
    ? sign(bundle, { reference: input.signAs, ...(signerName ? { display: signerName } : {}) })
    : withIdentities(bundle);
  const outcome = validatePlan(bundle);
  const summary = [
    ...devices.map((d) => summaryOf(d, true)),
    ...candidates.map((c) => summaryOf(c, written.includes(c))),
    summaryOf(report, written.includes(report)),
    ...provenance.map((p) => summaryOf(p, true)),
  ];
  return {
    bundle,
    summary,
    notWritten: parts.flatMap((p) => p.notWritten),
    outcome,
    valid: !hasErrors(outcome),
    signed: Boolean(input.signAs),
  };
}
