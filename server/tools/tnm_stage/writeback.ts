// tnm_stage's write-back: T, N and M category Observations and the stage group with them as members, focused on the
// primary cancer Condition the workup cited with the call.
import { citedWith } from '../../writeback/citations';
import { type BuildContext, fullUrlFor, type NotWritten, type PlanItem, workupItem } from '../../writeback/items';
import { callsOf, TnmOut } from '../../writeback/outputs';
import { type TnmAxis, type TnmBase, tnmCategoryObservation, tnmStageGroupObservation } from '../../writeback/staging';

/**
 * The staging items of a workup: T, N, M and the group for each tnm_stage call.
 * @param ctx - The build context.
 * @returns Items and what could not be written.
 */
export function stagingItems(ctx: BuildContext): { items: PlanItem[]; notWritten: NotWritten[] } {
  const group = 'Staging' as const;
  const { calls, problems } = callsOf(ctx.workup, 'tnm_stage', TnmOut);
  const items: PlanItem[] = [];
  for (const { call, output: o } of calls) {
    const condition = citedWith(ctx.workup, call.id, 'Condition')[0];
    const base: TnmBase = {
      subject: ctx.patient,
      issued: ctx.issued,
      ...(condition ? { focus: { reference: condition } } : {}),
    };
    const axes: [TnmAxis, string][] = [
      ['t', o.t],
      ['n', o.n],
      ['m', o.m],
    ];
    const written = `${o.prefixes.t ?? ''}${o.t} ${o.prefixes.n ?? ''}${o.n} ${o.prefixes.m ?? ''}${o.m}`;
    for (const [axis, value] of axes) {
      const resource = tnmCategoryObservation(axis, value, o.prefixes[axis], base);
      const text = `${axis.toUpperCase()} category ${o.prefixes[axis] ?? ''}${value} (${o.site}, AJCC 8th)`;
      items.push(workupItem(ctx, `tnm:${call.id}:${axis}`, group, text, resource));
    }
    const members = axes.map(([axis]) => ({ reference: fullUrlFor(ctx, `tnm:${call.id}:${axis}`) }));
    const resource = tnmStageGroupObservation(o.stageGroup, o.prefixes, base, members, o.rule);
    const text = `Stage group ${o.stageGroup} (${written}, ${o.site}, AJCC 8th)`;
    items.push(workupItem(ctx, `tnm:${call.id}:group`, group, text, resource));
  }
  return { items, notWritten: problems.map((p) => ({ group, text: `Tool call ${p.id}`, reason: p.reason })) };
}
