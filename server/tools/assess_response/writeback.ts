// assess_response's write-back: one RECIST response Observation per assessment, with the measurements whose diameters
// it used as members and their imaging studies as sources.
import type { Observation, ObservationComponent, Reference } from '@medplum/fhirtypes';
import { CS, category, obsCode, ours, PROFILE } from '../../writeback/codes';
import { matchLesions, measured, quantity, type Recist, recistCalls, segmentCalls } from '../../writeback/imaging';
import {
  type BuildContext,
  fullUrlFor,
  type NotWritten,
  type PlanItem,
  round,
  workupItem,
} from '../../writeback/items';

const RECIST_DISPLAY = {
  CR: 'Complete response',
  PR: 'Partial response',
  SD: 'Stable disease',
  PD: 'Progressive disease',
};

function response(ctx: BuildContext, r: Recist, members: Reference<Observation>[], studies: string[]): PlanItem {
  const o = r.output;
  const component: ObservationComponent[] = [
    quantity('sum-diameters-baseline', 'Sum of target-lesion diameters at baseline', o.baselineSumMm, 'mm'),
    quantity('sum-diameters-follow-up', 'Sum of target-lesion diameters at follow-up', o.followUpSumMm, 'mm'),
    quantity('sum-diameters-nadir', 'Smallest sum of target-lesion diameters', o.nadirSumMm, 'mm'),
    quantity('change-from-baseline', 'Change of the sum from baseline', o.changeFromBaselinePct, '%'),
    ...(o.changeFromNadirPct === null
      ? []
      : [quantity('change-from-nadir', 'Change of the sum from nadir', o.changeFromNadirPct, '%')]),
    quantity('absolute-change-from-nadir', 'Absolute change of the sum from nadir', o.absoluteChangeFromNadirMm, 'mm'),
  ];
  if (r.args.newLesions !== undefined) {
    component.push({ code: obsCode('new-lesions', 'New lesions present'), valueBoolean: r.args.newLesions });
  }
  if (r.args.nonTargetProgression !== undefined) {
    component.push({
      code: obsCode('non-target-progression', 'Unequivocal non-target progression'),
      valueBoolean: r.args.nonTargetProgression,
    });
  }
  const resource: Observation = {
    resourceType: 'Observation',
    meta: { profile: [PROFILE.recistResponse] },
    status: 'preliminary',
    category: [category('imaging', 'Imaging')],
    code: obsCode('recist-response', 'RECIST 1.1 target-lesion response'),
    subject: ctx.patient,
    issued: ctx.issued,
    valueCodeableConcept: ours(CS.recist, o.category, RECIST_DISPLAY[o.category]),
    method: { text: 'RECIST 1.1 (assess_response)' },
    note: [{ text: o.rule }],
    ...(members.length ? { hasMember: members } : {}),
    ...(studies.length ? { derivedFrom: studies.map((reference) => ({ reference })) } : {}),
    component,
  };
  const change = `${o.changeFromBaselinePct > 0 ? '+' : ''}${round(o.changeFromBaselinePct)} % from baseline`;
  const text = `RECIST 1.1: ${RECIST_DISPLAY[o.category]} (${o.category}), sum ${round(o.baselineSumMm)} → ${round(o.followUpSumMm)} mm, ${change}`;
  return workupItem(ctx, `recist:${r.call.id}`, 'Response assessment', text, resource);
}

/**
 * The response items of a workup: one per assess_response call, linked to the written measurements of its lesions.
 * @param ctx - The build context.
 * @returns Items and what could not be written.
 */
export function responseItems(ctx: BuildContext): { items: PlanItem[]; notWritten: NotWritten[] } {
  const seg = segmentCalls(ctx.workup);
  const rec = recistCalls(ctx.workup);
  const lesions = matchLesions(seg.calls, rec.calls);
  // Only measurements the plan writes can be members; their studies are what the response derives from.
  const studyOf = new Map<string, string>();
  for (const s of seg.calls) {
    const m = measured(s);
    if (!('reason' in m)) studyOf.set(s.call.id, m.source);
  }
  const items = rec.calls.map((r) => {
    const ids = new Set([...r.args.baseline, ...r.args.followUp].map((l) => l.id));
    const members = [...lesions]
      .filter(([callId, l]) => ids.has(l.label) && studyOf.has(callId))
      .map(([callId]) => callId);
    const refs = members.map((callId) => ({ reference: fullUrlFor(ctx, `measurement:${callId}`) }));
    const studies = [...new Set(members.map((callId) => studyOf.get(callId) ?? ''))].filter((s) =>
      s.startsWith('ImagingStudy/')
    );
    return response(ctx, r, refs, studies);
  });
  const group = 'Response assessment' as const;
  return { items, notWritten: rec.problems.map((p) => ({ group, text: `Tool call ${p.id}`, reason: p.reason })) };
}
