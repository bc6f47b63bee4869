// predict_biomarkers' write-back: one AI-predicted biomarker Observation per target, never mistakable for a test
// result — no value, the probability and call as components, the model as device, and the validation label.
import type { Observation } from '@medplum/fhirtypes';
import { CS, NOT_VALIDATED_TAG, obsCode, ours, PROFILE, SYS } from '../../writeback/codes';
import { modelSpec, validationDisplay } from '../../writeback/devices';
import { type BuildContext, deviceRef, type NotWritten, type PlanItem, round, workupItem } from '../../writeback/items';
import { callsOf, PredictOut } from '../../writeback/outputs';

const TARGET_CODE = {
  MSI: ['predicted-msi', 'Microsatellite instability status predicted from H&E histology'],
  KRAS: ['predicted-kras', 'KRAS mutation status predicted from H&E histology'],
  BRAF: ['predicted-braf', 'BRAF V600E status predicted from H&E histology'],
} as const;

/** The tool's labels and our codes for them. */
const CALL_CODE: Record<string, string> = {
  'MSI-H': 'msi-h',
  MSS: 'mss',
  'KRAS mutated': 'kras-mutated',
  'KRAS wild-type': 'kras-wild-type',
  'BRAF V600E': 'braf-v600e',
  'BRAF wild-type': 'braf-wild-type',
};

const DOCUMENT = /^DocumentReference\/[A-Za-z0-9\-.]{1,64}$/;
const CONFIRM = 'A histology prediction never replaces MMR/MSI or RAS/BRAF testing.';

/**
 * The prediction items of a workup.
 * @param ctx - The build context.
 * @returns One item per predicted target of each predict_biomarkers call, and what could not be written.
 */
export function biomarkerItems(ctx: BuildContext): { items: PlanItem[]; notWritten: NotWritten[] } {
  const group = 'AI biomarker predictions' as const;
  const { calls, problems } = callsOf(ctx.workup, 'predict_biomarkers', PredictOut);
  const items: PlanItem[] = [];
  const notWritten: NotWritten[] = problems.map((p) => ({ group, text: `Tool call ${p.id}`, reason: p.reason }));
  for (const { call, output } of calls) {
    const model = modelSpec(output.model, output.disclaimer);
    for (const p of output.predictions) {
      const [code, display] = TARGET_CODE[p.target];
      const callCode = CALL_CODE[p.label];
      const text = `${p.target} predicted ${p.label} (probability ${round(p.probability, 2)}) by ${output.model.id} ${output.model.version}`;
      if (!DOCUMENT.test(output.source)) {
        notWritten.push({ group, text, reason: 'the feature bag is not a DocumentReference of the record' });
        continue;
      }
      if (!callCode) {
        notWritten.push({ group, text, reason: `"${p.label}" is not a class this version can code` });
        continue;
      }
      const validated = output.model.validation === 'clinically-validated';
      const resource: Observation = {
        resourceType: 'Observation',
        meta: { profile: [PROFILE.biomarkerPrediction], ...(validated ? {} : { tag: [NOT_VALIDATED_TAG] }) },
        status: 'preliminary',
        code: obsCode(code, display),
        subject: ctx.patient,
        issued: ctx.issued,
        method: { text: 'Attention-based multiple-instance learning on H&E tile features (predict_biomarkers)' },
        device: deviceRef(ctx, model),
        derivedFrom: [{ reference: output.source }],
        note: [{ text: output.disclaimer }, { text: CONFIRM }],
        component: [
          {
            code: obsCode('prediction-probability', 'Model probability of the positive class'),
            valueQuantity: { value: p.probability, unit: '1', system: SYS.ucum, code: '1' },
          },
          {
            code: obsCode('prediction-call', 'Predicted class'),
            valueCodeableConcept: ours(CS.biomarkerCall, callCode, p.label),
          },
          {
            code: obsCode('prediction-threshold', 'Decision threshold'),
            valueQuantity: { value: p.threshold, unit: '1', system: SYS.ucum, code: '1' },
          },
          {
            code: obsCode('model-validation-status', 'Validation status of the model'),
            valueCodeableConcept: ours(CS.validation, model.validation, validationDisplay(model.validation)),
          },
        ],
      };
      const label = validated ? '' : ` — ${validationDisplay(model.validation).toLowerCase()}`;
      const item = workupItem(ctx, `prediction:${call.id}:${p.target}`, group, `${text}${label}`, resource);
      item.devices = [model];
      items.push(item);
    }
  }
  return { items, notWritten };
}
