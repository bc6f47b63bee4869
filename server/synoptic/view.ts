// The result as plain JSON for the synoptic form: per item its answer, code, evidence and explanation, plus the
// violations (with the items they flag), uncertain items and issues, so a form can show and re-check them.
import type { ItemView, SynopticResult, SynopticView } from '../../common/contracts';
import { optionOf, type Template } from './template';

/**
 * The result in the shape a form renders.
 * @param template - The template.
 * @param result - The result.
 * @returns Items with answers and flags, violations, uncertain items, issues and the reasoning summary.
 */
export function resultView(template: Template, result: SynopticResult): SynopticView {
  const items: ItemView[] = template.items.map((def) => {
    const a = result.answers[def.linkId];
    const value = a?.value ?? null;
    const code = typeof value === 'string' ? optionOf(def, value)?.code : undefined;
    const unc = result.uncertain.find((u) => u.linkId === def.linkId);
    return {
      linkId: def.linkId,
      text: def.text,
      type: def.type,
      ...(def.unit ? { unit: def.unit } : {}),
      ...(def.options.length ? { options: def.options.map(({ code: c, display }) => ({ code: c, display })) } : {}),
      value,
      ...(code ? { code } : {}),
      evidence: a?.evidence ?? [],
      explanation: a?.explanation ?? '',
      method: a?.method ?? 'rules',
      flaggedBy: result.violations.filter((v) => v.items.includes(def.linkId)).map((v) => v.rule),
      ...(unc ? { uncertain: unc.values } : {}),
    };
  });
  return {
    template: { id: template.id, url: template.url, version: template.version, title: template.title },
    reportKey: result.reportKey,
    ...(result.reportRef ? { reportRef: result.reportRef } : {}),
    items,
    violations: result.violations,
    uncertain: result.uncertain,
    issues: result.issues,
    reasoning: {
      mode: result.mode,
      strategy: result.strategy,
      model: result.model,
      stop: result.stop,
      rounds: result.rounds.map(({ round, asked, changed, violations, usage, ms }) => ({
        round,
        asked,
        changed,
        violations: violations.length,
        usage,
        ms,
      })),
      usage: result.usage,
    },
  };
}
