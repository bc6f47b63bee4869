// Builds the workup DiagnosticReport: the approved findings (and the clinician's edits) as conclusion, the cited
// answer (with its numbered sources) as markdown and HTML, and references to every Observation written with it.
import type { Attachment, DiagnosticReport } from '@medplum/fhirtypes';
import { obsCode, PROFILE } from './codes';
import { AGENT_VERSION } from './devices';
import { type BuildContext, type PlanItem, workupItem } from './items';
import { markdownToHtml } from './markdown-html';
import { approvedFindings, partlyRejectedCalls, type ReportReview, reportMarkdown } from './report-text';

export type { ReportReview } from './report-text';

/** Longest conclusion or comment a clinician may write (characters). */
export const MAX_REVIEW_TEXT = 10_000;

function footer(ctx: BuildContext, review: ReportReview): string {
  const { workup } = ctx;
  const mode = workup.mode === 'none' ? 'rules mode' : `${workup.mode} language model`;
  const signed = review.signerName
    ? ` Reviewed and signed by ${review.signerName}.`
    : ' Machine-prepared: preliminary until a clinician signs.';
  return `_Prepared by OncoAgent ${AGENT_VERSION} (${mode}) on ${workup.createdAt}.${signed}_`;
}

function conclusion(ctx: BuildContext, approved: string[], review: ReportReview): string {
  const edited = review.conclusion?.trim();
  let text = edited || approved.map((l) => `- ${l}`).join('\n');
  if (!text) {
    const first = ctx.workup.answer.markdown.split(/\n\s*\n/).find((p) => p.trim());
    text = first?.trim() || 'Workup prepared: see the presented form.';
  }
  const comment = review.comment?.trim();
  return comment ? `${text}\n\nComment${review.signerName ? ` (${review.signerName})` : ''}: ${comment}` : text;
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
 * @param items - Every result the plan could write (`candidates`) and those the clinician left ticked (`chosen`).
 * @param studies - ImagingStudy references the measurements were made on.
 * @param review - The clinician's edited conclusion, comment and name (absent before review).
 * @returns The item.
 */
export function reportItem(
  ctx: BuildContext,
  items: { candidates: PlanItem[]; chosen: PlanItem[] },
  studies: string[],
  review: ReportReview = {}
): PlanItem {
  const results = items.chosen.filter((i) => i.resource.resourceType === 'Observation');
  const approved = approvedFindings(ctx.workup.findings, items.candidates, items.chosen);
  const rejected = partlyRejectedCalls(items.candidates, items.chosen);
  const markdown = reportMarkdown(ctx, { approved, rejected, review, footer: footer(ctx, review) });
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
    conclusion: conclusion(ctx, approved, review),
    presentedForm: [
      attachment('text/markdown', markdown, 'Tumor board workup (markdown)'),
      attachment('text/html', markdownToHtml(markdown), 'Tumor board workup (HTML)'),
    ],
  };
  const text = `Workup report${question ? ` on "${question.slice(0, 80)}"` : ''}: ${approved.length} findings, ${ctx.workup.evidence.length} cited sources, ${results.length} results`;
  return workupItem(ctx, 'report', 'Workup report', text, resource);
}
