// Builds the one Provenance of a write-back, aligned with the AI Transparency IG: reason AIAST, the agent Device as
// author, models and engines as performers, the record inputs, model cards and knowledge versions as entities.
import type { Provenance, ProvenanceAgent, ProvenanceEntity } from '@medplum/fhirtypes';
import { CANONICAL_BASE } from '../fhir/canonical';
import { knowledgeSources } from '../tools/adapter-registry';
import { recordInputs } from './citations';
import { AIAST, KNOWLEDGE_SYSTEM, PROFILE, SYS, WORKUP_ITEM_SYSTEM } from './codes';
import type { DeviceSpec } from './devices';
import { type BuildContext, deviceRef, fullUrlFor, itemValue, type PlanItem } from './items';

const AI_ROLE = {
  coding: [
    { system: SYS.aiDeviceType, code: 'Artificial-Intelligence', display: 'All kinds of Artificial Intelligence' },
  ],
};
const participant = (code: string, display: string) => ({
  coding: [{ system: SYS.provenanceParticipant, code, display }],
});

function entity(role: 'source' | 'derivation', what: ProvenanceEntity['what']): ProvenanceEntity {
  return { role, what };
}

function knowledge(value: string, display: string): ProvenanceEntity {
  return entity('source', { identifier: { system: KNOWLEDGE_SYSTEM, value }, display });
}

/** Everything the outputs rest on: the question, record resources, model cards, guideline and variant knowledge. */
function entities(ctx: BuildContext, devices: DeviceSpec[]): ProvenanceEntity[] {
  const { workup } = ctx;
  const question = workup.question.trim();
  const out: ProvenanceEntity[] = [
    entity('derivation', {
      identifier: { system: `${CANONICAL_BASE}/identifier/workup`, value: workup.id },
      display: `OncoAgent workup ${workup.id}${question ? `: "${question.slice(0, 200)}"` : ''}`,
    }),
    ...recordInputs(workup).map((reference) => entity('source', { reference })),
  ];
  for (const d of devices.filter((x) => x.kind !== 'workup-agent' && x.aiKind)) {
    out.push(
      entity('derivation', {
        identifier: { system: KNOWLEDGE_SYSTEM, value: `model-card:${d.key}` },
        display: `Model card of ${d.name} ${d.version}`,
      })
    );
  }
  const seen = new Set<string>();
  for (const e of workup.evidence) {
    if (seen.has(e.sourceId)) continue;
    seen.add(e.sourceId);
    const origin = [e.source, e.year].filter(Boolean).join(' ');
    out.push(knowledge(`guideline:${e.sourceId}`, `${e.title}${origin ? ` (${origin})` : ''}`));
  }
  // Knowledge the tools used (e.g. the variant knowledge base and its version), from each tool's adapter.
  for (const { value, display } of knowledgeSources(workup)) {
    if (seen.has(value)) continue;
    seen.add(value);
    out.push(knowledge(value, display));
  }
  return out;
}

/**
 * The Provenance item of a plan.
 * @param ctx - The build context.
 * @param targets - Every item written except Devices and the Provenance itself.
 * @param agent - The workup agent.
 * @param devices - Models and engines behind the targets.
 * @returns The item (conditional create on its workup-item tag: Provenance has no identifier in R4).
 */
export function provenanceItem(
  ctx: BuildContext,
  targets: PlanItem[],
  agent: DeviceSpec,
  devices: DeviceSpec[]
): PlanItem {
  const tag = { system: WORKUP_ITEM_SYSTEM, code: itemValue(ctx, 'provenance') };
  const agents: ProvenanceAgent[] = [
    { type: participant('author', 'Author'), role: [AI_ROLE], who: deviceRef(ctx, agent) },
    ...devices.map(
      (d): ProvenanceAgent => ({
        type: participant('performer', 'Performer'),
        ...(d.aiKind ? { role: [AI_ROLE] } : {}),
        who: deviceRef(ctx, d),
      })
    ),
  ];
  const resource: Provenance = {
    resourceType: 'Provenance',
    meta: { profile: [PROFILE.provenance], tag: [tag] },
    target: targets.map((t) => ({ reference: t.fullUrl })),
    occurredDateTime: ctx.issued,
    recorded: ctx.issued,
    reason: [{ coding: [AIAST] }],
    activity: { coding: [{ system: SYS.dataOperation, code: 'CREATE', display: 'create' }] },
    agent: agents,
    entity: entities(ctx, [agent, ...devices]),
  };
  const text = `Provenance: ${targets.length} resources made by ${agent.name} ${agent.version}${devices.length ? ` with ${devices.map((d) => d.name).join(', ')}` : ''}`;
  return {
    key: 'provenance',
    group: 'Provenance',
    text,
    fullUrl: fullUrlFor(ctx, 'provenance'),
    resource,
    ifNoneExist: `_tag=${WORKUP_ITEM_SYSTEM}|${encodeURIComponent(tag.code)}`,
    required: true,
  };
}
