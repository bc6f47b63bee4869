// segment_lesion's write-back: one lesion measurement Observation per measured call, labelled with the lesion an
// assess_response call named it by (when one did), with the engine as device, and saying so when the clinician
// adjusted the box in the viewer and measured again.
import type { Annotation, Observation, ObservationComponent } from '@medplum/fhirtypes';
import { adjustmentOf } from '../../../common/contracts/remeasure';
import { category, obsCode, PROFILE } from '../../writeback/codes';
import { engineSpec } from '../../writeback/devices';
import { matchLesions, measured, quantity, recistCalls, type Segment, segmentCalls } from '../../writeback/imaging';
import { type BuildContext, deviceRef, type NotWritten, type PlanItem, round, workupItem } from '../../writeback/items';

const GROUP = 'Imaging measurements' as const;

function measurement(ctx: BuildContext, s: Segment, lesion?: { label: string; site?: string }): PlanItem | NotWritten {
  const m = measured(s);
  if ('reason' in m) {
    return {
      group: GROUP,
      text: `Lesion measurement ${lesion?.label ?? `(tool call ${s.call.id})`}`,
      reason: m.reason,
    };
  }
  const { source, areaMm2, longestDiameterMm, shortAxisMm } = m;
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
  const adjusted = adjustmentOf(s.output);
  const notes: Annotation[] = [{ text: s.output.disclaimer }];
  if (adjusted) {
    const was = adjusted.original;
    const size = was.longestDiameterMm === undefined ? '' : `, longest diameter ${round(was.longestDiameterMm)} mm`;
    notes.push({
      text: `The clinician adjusted the prompt box from [${was.box.join(', ')}] to [${s.output.box.join(', ')}] and measured again before signing (automated measurement${size}).`,
    });
  }
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
    method: {
      text: `Automated outline in a prompt box ${adjusted ? 'adjusted by the clinician ' : ''}(segment_lesion, ${s.output.engine} engine), one slice`,
    },
    device: deviceRef(ctx, engine),
    derivedFrom: [{ reference: source }],
    note: notes,
    component,
  };
  const sizes = `${round(longestDiameterMm)} × ${round(shortAxisMm)} mm (area ${round(areaMm2, 0)} mm²)`;
  const where = lesion?.site ? ` (${lesion.site})` : '';
  const how = adjusted ? 'box adjusted by the clinician' : `${s.output.engine} outline`;
  const summary = s.output.sourceSummary;
  const image = [
    summary.modality ? `${summary.modality} image` : 'image',
    summary.instanceNumber !== undefined ? ` ${summary.instanceNumber}` : '',
  ].join('');
  // Words for the clinician reviewing the plan: the reference stays in derivedFrom.
  const text = `${lesion ? `Lesion ${lesion.label}${where}` : 'Lesion'}: ${sizes} on ${image}, ${how}`;
  const item = workupItem(ctx, `measurement:${s.call.id}`, GROUP, text, resource);
  item.devices = [engine];
  return item;
}

/**
 * The measurement items of a workup: one per segment_lesion call measured in mm on an image of the record.
 * @param ctx - The build context.
 * @returns Items and what could not be written.
 */
export function measurementItems(ctx: BuildContext): { items: PlanItem[]; notWritten: NotWritten[] } {
  const seg = segmentCalls(ctx.workup);
  // The response assessment used the automated sizes: an adjusted measurement is matched to its lesion by those.
  const automated = seg.calls.map((s) => {
    const original = adjustmentOf(s.output)?.original;
    return original ? { ...s, output: { ...s.output, ...original } } : s;
  });
  const lesions = matchLesions(automated, recistCalls(ctx.workup).calls);
  const items: PlanItem[] = [];
  const notWritten: NotWritten[] = seg.problems.map((p) => ({
    group: GROUP,
    text: `Tool call ${p.id}`,
    reason: p.reason,
  }));
  for (const s of seg.calls) {
    const built = measurement(ctx, s, lesions.get(s.call.id));
    if ('resource' in built) items.push(built);
    else notWritten.push(built);
  }
  return { items, notWritten };
}
