// Builds the workup DiagnosticReport: the findings as conclusion, the cited answer (with its numbered sources) as
// markdown and HTML, and references to every Observation written with it.
import type { Attachment, DiagnosticReport } from '@medplum/fhirtypes';
import type { EvidenceItem } from '../agent/workup-result';
import { obsCode, PROFILE } from './codes';
import { AGENT_VERSION } from './devices';
import { type BuildContext, type PlanItem, workupItem } from './items';
import { markdownToHtml } from './markdown-html';

function sourcesSection(evidence: EvidenceItem[]): string {
  if (evidence.length === 0) return '';
  const lines = evidence.map((e) => {
    const origin = [e.source, e.year].filter(Boolean).join(' ');
    return `${e.n}. ${e.title}${e.section ? ` — ${e.section}` : ''}${origin ? ` (${origin})` : ''}${e.url ? ` ${e.url}` : ''}`;
  });
  return `\n\n## Sources\n\n${lines.join('\n')}`;
}

/** The report's full markdown: the answer, its sources and a line saying who made it and that it awaits sign-off. */
export function reportMarkdown(ctx: BuildContext): string {
  const { workup } = ctx;
  const footer = `\n\n_Prepared by OncoAgent ${AGENT_VERSION} (${workup.mode === 'none' ? 'rules mode' : `${workup.mode} language model`}) on ${workup.createdAt}. Machine-prepared: preliminary until a clinician signs._`;
  return `${workup.answer.markdown.trim()}${sourcesSection(workup.evidence)}${footer}`;
}

function conclusion(ctx: BuildContext): string {
  const findings = ctx.workup.findings.map((f) => `- ${f.text}`);
  if (findings.length) return findings.join('\n');
  const first = ctx.workup.answer.markdown.split(/\n\s*\n/).find((p) => p.trim());
  return first?.trim() || 'Workup prepared: see the presented form.';
}

const attachment = (contentType: string, text: string, title: string): Attachment => ({
  contentType,
  language: 'en',
  data: Buffer.from(text, 'utf8').toString('base64'),
  title,
});

/**
 * The report item.
 * @param ctx - The build context.
 * @param results - The Observation items written with the report (their fullUrls become `result`).
 * @param studies - ImagingStudy references the measurements were made on.
 * @returns The item.
 */
export function reportItem(ctx: BuildContext, results: PlanItem[], studies: string[]): PlanItem {
  const markdown = reportMarkdown(ctx);
  const question = ctx.workup.question.trim();
  const resource: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    meta: { profile: [PROFILE.workupReport] },
    status: 'preliminary',
    code: obsCode('workup-report', 'Tumor board workup (machine-prepared)'),
    subject: ctx.patient,
    effectiveDateTime: ctx.issued,
    issued: ctx.issued,
    ...(studies.length ? { imagingStudy: studies.map((reference) => ({ reference })) } : {}),
    ...(results.length
      ? { result: results.map((r) => ({ reference: r.fullUrl, display: r.text.slice(0, 120) })) }
      : {}),
    conclusion: conclusion(ctx),
    presentedForm: [
      attachment('text/markdown', markdown, 'Tumor board workup (markdown)'),
      attachment('text/html', markdownToHtml(markdown), 'Tumor board workup (HTML)'),
    ],
  };
  const text = `Workup report${question ? ` on "${question.slice(0, 80)}"` : ''}: ${ctx.workup.findings.length} findings, ${ctx.workup.evidence.length} cited sources, ${results.length} results`;
  return workupItem(ctx, 'report', 'Workup report', text, resource);
}
