// segment_lesion's part in a workup: its planner rule (segment paired lesions, then assess them), the lesion-size
// finding (dated by the record's imaging), its measurement write-back, and one eval count per image.
import { defineAdapters } from '../adapter';
import { segmentLesionRule } from './planner';
import { measurementItems } from './writeback';

const mm = (v: number | undefined): string => (v === undefined ? '?' : `${v.toFixed(1)} mm`);

export const segmentLesionAdapters = defineAdapters({
  name: 'segment_lesion',
  planner: segmentLesionRule,
  findings(o, call, facts) {
    const { image, box } = call.args as { image: string; box?: number[] };
    const t = facts.imaging.find((p) => image.startsWith(`${p.study}/`));
    // Named as the report names it ("Segment VII lesion"), never by its pixel box.
    const named = t?.lesions.find((l) => l.image === image && l.box.join() === box?.join())?.label;
    const when = t ? `${t.modality ?? 'image'} ${t.date ?? '(undated)'}` : 'the image';
    const size =
      o.longestDiameterMm !== undefined
        ? `longest diameter ${mm(o.longestDiameterMm)}, short axis ${mm(o.shortAxisMm)}${o.areaMm2 !== undefined ? `, area ${Math.round(o.areaMm2)} mm²` : ''}`
        : `longest diameter ${o.longestDiameterPx.toFixed(1)} px (no pixel spacing in the image, so no mm)`;
    const text = `${named ?? 'Lesion'} on ${when}: ${size}; automated ${o.engine} outline, not a validated measurement.`;
    return [{ kind: 'response', text }];
  },
  writeback: measurementItems,
  // The reference study's segmentation tool took every box of one image in one call; ours takes one box per call.
  evalKey: (args) => String((args as { image?: unknown } | null)?.image ?? ''),
});
