// Builds lesion measurement Observations (segment_lesion) and RECIST response Observations (assess_response),
// linking each response to the measurements whose diameters it used.
import type { Observation, ObservationComponent, Reference } from '@medplum/fhirtypes';
import type { z } from 'zod';
import { inputRef } from './citations';
import { CS, category, obsCode, ours, PROFILE, SYS } from './codes';
import { engineSpec } from './devices';
import { type BuildContext, deviceRef, fullUrlFor, type NotWritten, type PlanItem, round, workupItem } from './items';
import { callsOf, type ParsedCall, RecistArgs, RecistOut, SegmentArgs, SegmentOut } from './outputs';

type Segment = ParsedCall<z.infer<typeof SegmentOut>, z.infer<typeof SegmentArgs>>;
type Recist = ParsedCall<z.infer<typeof RecistOut>, z.infer<typeof RecistArgs>>;

const RECIST_DISPLAY = {
  CR: 'Complete response',
  PR: 'Partial response',
  SD: 'Stable disease',
  PD: 'Progressive disease',
};

const mmQ = (value: number, unit: 'mm' | 'mm2' | '%') => ({
  value: round(value),
  unit: unit === 'mm2' ? 'mm²' : unit,
  system: SYS.ucum,
  code: unit,
});

function quantity(code: string, display: string, value: number, unit: 'mm' | 'mm2' | '%'): ObservationComponent {
  return { code: obsCode(code, display), valueQuantity: mmQ(value, unit) };
}

/** Which lesion (id, site) of an assess_response call each segment_lesion call measured, matched by diameter. */
export function matchLesions(segments: Segment[], recists: Recist[]): Map<string, { label: string; site?: string }> {
  const matched = new Map<string, { label: string; site?: string }>();
  for (const r of recists) {
    for (const lesion of [...r.args.baseline, ...r.args.followUp]) {
      const hit = segments.find((s) => {
        if (matched.has(s.call.id)) return false;
        const size = lesion.isLymphNode ? s.output.shortAxisMm : s.output.longestDiameterMm;
        return size !== undefined && Math.abs(size - lesion.diameterMm) <= 0.05;
      });
      if (hit) matched.set(hit.call.id, { label: lesion.id, site: lesion.site });
    }
  }
  return matched;
}

function measurement(ctx: BuildContext, s: Segment, lesion?: { label: string; site?: string }): PlanItem | NotWritten {
  const group = 'Imaging measurements' as const;
  const source = inputRef(s.args.image);
  const { areaMm2, longestDiameterMm, shortAxisMm } = s.output;
  const what = `Lesion measurement ${lesion?.label ?? `(tool call ${s.call.id})`}`;
  if (!source) {
    return {
      group,
      text: what,
      reason: 'the image is not an ImagingStudy instance or DocumentReference of the record',
    };
  }
  if (areaMm2 === undefined || longestDiameterMm === undefined || shortAxisMm === undefined) {
    return { group, text: what, reason: 'the image states no pixel spacing, so the sizes are in pixels only' };
  }
  const engine = engineSpec(s.output);
  const component: ObservationComponent[] = [
    quantity('lesion-area', 'Lesion area on the slice', areaMm2, 'mm2'),
    quantity('lesion-longest-diameter', 'Longest in-plane lesion diameter', longestDiameterMm, 'mm'),
    quantity('lesion-short-axis', 'Lesion short axis', shortAxisMm, 'mm'),
    { code: obsCode('segmentation-box', 'Segmentation prompt box'), valueString: s.output.box.join(',') },
    {
      code: obsCode('segmentation-engine', 'Segmentation engine'),
      valueCodeableConcept: { text: `${s.output.engine} ${s.output.engineVersion}` },
    },
  ];
  const sop = s.output.sourceSummary.sopInstanceUid;
  if (sop) component.push({ code: obsCode('source-instance', 'Measured DICOM instance'), valueString: sop });
  if (lesion) component.push({ code: obsCode('lesion-label', 'Lesion label'), valueString: lesion.label });
  const resource: Observation = {
    resourceType: 'Observation',
    meta: { profile: [PROFILE.lesionMeasurement] },
    status: 'preliminary',
    category: [category('imaging', 'Imaging')],
    code: obsCode('lesion-measurement', 'Lesion measurement on one image slice'),
    subject: ctx.patient,
    issued: ctx.issued,
    ...(lesion?.site ? { bodySite: { text: lesion.site } } : {}),
    method: { text: `Automated outline in a prompt box (segment_lesion, ${s.output.engine} engine), one slice` },
    device: deviceRef(ctx, engine),
    derivedFrom: [{ reference: source }],
    note: [{ text: s.output.disclaimer }],
    component,
  };
  const sizes = `${round(longestDiameterMm)} × ${round(shortAxisMm)} mm (area ${round(areaMm2, 0)} mm²)`;
  const where = lesion?.site ? ` (${lesion.site})` : '';
  const text = `${lesion ? `Lesion ${lesion.label}${where}` : 'Lesion'}: ${sizes} on ${source}, ${s.output.engine} outline`;
  const item = workupItem(ctx, `measurement:${s.call.id}`, 'Imaging measurements', text, resource);
  item.devices = [engine];
  return item;
}

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
 * The imaging items of a workup: one measurement per segment_lesion call, one response per assess_response call.
 * @param ctx - The build context.
 * @returns Items and what could not be written.
 */
export function imagingItems(ctx: BuildContext): { items: PlanItem[]; notWritten: NotWritten[] } {
  const seg = callsOf(ctx.workup, 'segment_lesion', SegmentOut, SegmentArgs);
  const rec = callsOf(ctx.workup, 'assess_response', RecistOut, RecistArgs);
  const lesions = matchLesions(seg.calls, rec.calls);
  const items: PlanItem[] = [];
  const notWritten: NotWritten[] = [
    ...seg.problems.map((p) => ({
      group: 'Imaging measurements' as const,
      text: `Tool call ${p.id}`,
      reason: p.reason,
    })),
    ...rec.problems.map((p) => ({
      group: 'Response assessment' as const,
      text: `Tool call ${p.id}`,
      reason: p.reason,
    })),
  ];
  const studyOf = new Map<string, string>();
  for (const s of seg.calls) {
    const built = measurement(ctx, s, lesions.get(s.call.id));
    if ('resource' in built) {
      items.push(built);
      studyOf.set(s.call.id, inputRef(s.args.image) ?? '');
    } else notWritten.push(built);
  }
  for (const r of rec.calls) {
    const ids = new Set([...r.args.baseline, ...r.args.followUp].map((l) => l.id));
    const members = [...lesions]
      .filter(([callId, l]) => ids.has(l.label) && studyOf.has(callId))
      .map(([callId]) => callId);
    const refs = members.map((callId) => ({ reference: fullUrlFor(ctx, `measurement:${callId}`) }));
    const studies = [...new Set(members.map((callId) => studyOf.get(callId) ?? ''))].filter((s) =>
      s.startsWith('ImagingStudy/')
    );
    items.push(response(ctx, r, refs, studies));
  }
  return { items, notWritten };
}
