// Findings from tool results: measurements and RECIST response, predicted biomarkers (with the model's validation
// status), matched therapies with evidence levels, scores and stages. Each cites the call as `tool:<id>`.
import type { AssessResponseOutput } from '../tools/assess_response';
import type { PredictBiomarkersOutput } from '../tools/predict_biomarkers';
import type { RadiologyReportOutput } from '../tools/radiology_report';
import type { SegmentLesionOutput } from '../tools/segment_lesion';
import type { TnmStage } from '../tools/tnm_stage';
import type { ActionabilityOutput } from '../tools/variant_actionability';
import type { RecordFacts } from './record/facts';
import type { Finding, WorkupToolCall } from './workup-result';

const CATEGORY: Record<string, string> = {
  CR: 'complete response',
  PR: 'partial response',
  SD: 'stable disease',
  PD: 'progressive disease',
};
const pct = (v: number | null): string => (v === null ? 'n/a' : `${v > 0 ? '+' : ''}${v.toFixed(1)} %`);
const mm = (v: number | undefined): string => (v === undefined ? '?' : `${v.toFixed(1)} mm`);

function whenOf(facts: RecordFacts, image: string): string {
  const t = facts.imaging.find((p) => image.startsWith(`${p.study}/`));
  return t ? `${t.modality ?? 'image'} ${t.date ?? '(undated)'}` : 'the image';
}

function segmentFinding(call: WorkupToolCall, facts: RecordFacts): string {
  const o = call.output as SegmentLesionOutput;
  const { image } = call.args as { image: string };
  const size =
    o.longestDiameterMm !== undefined
      ? `longest diameter ${mm(o.longestDiameterMm)}, short axis ${mm(o.shortAxisMm)}${o.areaMm2 !== undefined ? `, area ${Math.round(o.areaMm2)} mm²` : ''}`
      : `longest diameter ${o.longestDiameterPx.toFixed(1)} px (no pixel spacing in the image, so no mm)`;
  return `Lesion on ${whenOf(facts, image)} (box [${o.box.join(', ')}]): ${size}; automated ${o.engine} outline, not a validated measurement.`;
}

function responseFinding(o: AssessResponseOutput): string {
  return (
    `RECIST 1.1: ${o.category} (${CATEGORY[o.category] ?? o.category}); sum of target diameters ${mm(o.baselineSumMm)} → ` +
    `${mm(o.followUpSumMm)} (${pct(o.changeFromBaselinePct)} from baseline, ${pct(o.changeFromNadirPct)} from nadir). ${o.rule}`
  );
}

function predictionFindings(o: PredictBiomarkersOutput): string[] {
  const demo = o.model.validation === 'demo-not-clinically-validated';
  const label = demo ? 'demo model, not clinically validated' : `model ${o.model.id} (${o.model.validation})`;
  return o.predictions.map(
    (p) =>
      `Predicted from histology: ${p.label} (${p.target} probability ${p.probability.toFixed(2)}, threshold ${p.threshold}); ${label}. A prediction does not replace testing.`
  );
}

function therapyFinding(o: ActionabilityOutput): string {
  const subject = [o.query.normalised.gene, o.query.normalised.alteration].filter(Boolean).join(' ');
  const where = o.query.normalised.tumourTypeLabel ?? o.query.tumorType;
  const regimens = [...o.therapies, ...o.resistance].slice(0, 6).map((t) => {
    const tag = t.level.startsWith('R') ? `resistance level ${t.level}` : `level ${t.level}`;
    const year = t.year && !t.source.includes(String(t.year)) ? ` ${t.year}` : '';
    return `${t.drugs.join(' + ')} (${tag}${t.matchType === 'other tumour type' ? `, evidence in ${t.tumorType}` : ''}; ${t.source}${year})`;
  });
  const version = o.knowledgeVersion.split(' (')[0]!.replace(/^offline\s*/, '');
  const source = o.source === 'oncokb' ? `OncoKB ${version}` : `bundled offline knowledge ${version}`;
  const list = regimens.length ? `: ${regimens.join('; ')}` : ': no matched therapy';
  return `${subject}${where ? ` in ${where}` : ''} (${o.oncogenicity})${list} [${source}].`;
}

/**
 * Findings from the finished calls (errors and unavailable tools give none; they are reported as tool calls).
 * @param calls - The workup's calls.
 * @param facts - The record's facts (dates of images).
 * @returns The findings, in call order.
 */
export function toolFindings(calls: WorkupToolCall[], facts: RecordFacts): Finding[] {
  const out: Finding[] = [];
  for (const call of calls.filter((c) => c.status === 'ok' && c.output !== undefined)) {
    const sources = [`tool:${call.id}`];
    const add = (kind: Finding['kind'], text: string) => out.push({ kind, text, sources });
    switch (call.tool) {
      case 'segment_lesion':
        add('response', segmentFinding(call, facts));
        break;
      case 'assess_response':
        add('response', responseFinding(call.output as AssessResponseOutput));
        break;
      case 'radiology_report': {
        const o = call.output as RadiologyReportOutput;
        const text = o.comparison
          ? `${o.comparison.trend}: ${o.comparison.comparison}`
          : o.perImage.map((p) => p.impression).join(' ');
        add('response', `Machine reading of the images (${o.model}, not a radiologist's report): ${text}`);
        break;
      }
      case 'predict_biomarkers':
        for (const text of predictionFindings(call.output as PredictBiomarkersOutput)) add('biomarker', text);
        break;
      case 'variant_actionability':
        add('therapy', therapyFinding(call.output as ActionabilityOutput));
        break;
      case 'clinical_score': {
        const o = call.output as { title: string; interpretation: string };
        add('score', `${o.title}: ${o.interpretation}`);
        break;
      }
      case 'tnm_stage': {
        const o = call.output as TnmStage;
        add(
          'stage',
          `${o.edition} stage group ${o.stageGroup} (${o.site.replaceAll('_', ' ')}: ${o.t} ${o.n} ${o.m}); ${o.rule}`
        );
        break;
      }
    }
  }
  return out;
}
