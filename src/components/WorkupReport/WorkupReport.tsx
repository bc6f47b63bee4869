// The workup report, answer first and evidence second: the cited answer (without lines that only restate a finding),
// findings, measurements and tool results (the RECIST sums as a chart), what is missing, suggestions and usage,
// with a side panel that opens whatever a citation names; once signed in the chart, it says who signed.

import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { PatientRecord } from '../../../common/record/patient-record';
import { type CitationIndex, type CitationRef, citationKey, resolveCitation } from '../../../common/workup/citations';
import { plainText } from '../../record/plain';
import { signatureOf } from '../../record/signed';
import { formatMs, modeLabel, toolTitle } from '../../workup/labels';
import { findRecordItem } from '../../workup/record-item';
import type { ReportData } from '../../workup/report';
import { AiLabel, SignatureContext, signedText } from '../AiLabel/AiLabel';
import { Answer } from '../Answer/Answer';
import { recistSeries } from '../Charts/recist';
import { CitationContext } from '../Citation/Citation';
import { CitationPanel } from '../CitationPanel/CitationPanel';
import { Findings } from '../Findings/Findings';
import { ToolOutput } from '../ToolOutput/ToolOutput';
import { compactAnswer } from './compact';
import { Footnotes } from './Footnotes';
import { ReportActions } from './ReportActions';
import './report.css';

export interface WorkupReportProps {
  report: ReportData;
  record: PatientRecord;
  /** The workup's id: its signed report in the chart marks this report as signed. */
  workupId?: string;
}

function Usage({ usage }: { usage: NonNullable<ReportData['usage']> }): ReactNode {
  const tokens = usage.promptTokens + usage.completionTokens;
  return (
    <p className="usage" data-testid="workup-usage">
      Mode: {modeLabel(usage.mode)} · {usage.llmCalls} LLM call{usage.llmCalls === 1 ? '' : 's'} · {tokens} tokens (
      {usage.promptTokens} prompt + {usage.completionTokens} completion)
      {usage.ms !== undefined && ` · ${formatMs(usage.ms)}`}
    </p>
  );
}

interface SectionProps {
  title: string;
  testId: string;
  /** Machine-generated content: labelled as such in the heading. */
  ai?: boolean;
  children: ReactNode;
}

function Section({ title, testId, ai, children }: SectionProps): ReactNode {
  return (
    <section className="report-section" data-testid={testId} aria-labelledby={`${testId}-heading`}>
      <h3 id={`${testId}-heading`} className="subhead">
        {title} {ai && <AiLabel />}
      </h3>
      {children}
    </section>
  );
}

/**
 * Shows the report (partial while the workup runs).
 * @param props - The report data and the loaded record (to open record citations).
 * @returns The report.
 */
export function WorkupReport({ report, record, workupId }: WorkupReportProps): ReactNode {
  // The ref, not its resolution, is kept: a partial report's citation then opens the final target once it arrives.
  const [openRef, setOpenRef] = useState<CitationRef | null>(null);
  const index = useMemo<CitationIndex>(
    () => ({
      evidence: report.evidence,
      toolCalls: report.toolCalls,
      findRecord: (ref) => findRecordItem(record, ref),
    }),
    [report.evidence, report.toolCalls, record]
  );
  const context = useMemo(
    () => ({ index, openKey: openRef ? citationKey(openRef) : undefined, onOpen: setOpenRef }),
    [index, openRef]
  );
  const open = openRef && resolveCitation(openRef, index);
  const results = report.toolCalls.filter((c) => c.status === 'ok');
  const signature = useMemo(
    () => signatureOf(record.diagnosticReports, workupId),
    [record.diagnosticReports, workupId]
  );
  const body = useRef<HTMLElement>(null);
  // Answer first, evidence second: what the findings show (with sources) is not repeated in the answer.
  const answer = useMemo(
    () => report.answer && compactAnswer(report.answer.markdown, report.findings),
    [report.answer, report.findings]
  );
  const recist = useMemo(
    () => new Map(recistSeries(report.toolCalls, record.imagingStudies).map((s) => [s.callId, s])),
    [report.toolCalls, record.imagingStudies]
  );
  return (
    <SignatureContext.Provider value={signature}>
      <CitationContext.Provider value={context}>
        <section
          ref={body}
          className="card workup-report"
          data-testid="workup-report"
          data-complete={String(report.complete)}
          data-signed={String(!!signature)}
        >
          <h2 className="card-title">
            Workup report <AiLabel />
          </h2>
          <p className={signature ? 'report-status report-status-signed' : 'report-status'} data-testid="report-status">
            {signature ? signedText(signature) : 'Preliminary: not yet reviewed or signed by a clinician.'}
          </p>
          {report.complete && <ReportActions target={body} />}
          {!report.complete && <p className="notice">Partial report: the workup has not finished.</p>}
          <div className={open ? 'report-layout report-layout-open' : 'report-layout'}>
            <div className="report-main">
              {answer && (
                <Section title="Answer" testId="report-answer" ai>
                  <Answer markdown={answer.markdown} />
                  {answer.restated > 0 && (
                    <p className="muted" data-testid="answer-restated">
                      The findings below, each with its sources, complete this answer.
                    </p>
                  )}
                  {report.unsupported.length > 0 && (
                    <div className="notice" data-testid="unsupported">
                      The citation check could not confirm these statements from their sources; verify them first:
                      <ul>
                        {report.unsupported.map((s) => (
                          <li key={s.text}>{plainText(s.text)}</li>
                        ))}
                      </ul>
                    </div>
                  )}
                </Section>
              )}
              <Findings findings={report.findings} toolCalls={report.toolCalls} />
              {results.length > 0 && (
                <Section title="Measurements and tool results" testId="report-tools">
                  <div className="tool-outputs">
                    {results.map((call) => (
                      <ToolOutput key={call.id} call={call} recist={recist.get(call.id)} />
                    ))}
                  </div>
                </Section>
              )}
              {report.missing.length > 0 && (
                <Section title="Not available in this workup" testId="report-missing">
                  <ul className="rows">
                    {report.missing.map((m) => (
                      <li key={m.id} className="row" data-testid="missing-item">
                        <span className="row-title">{toolTitle(m.tool)}</span>
                        <span className="tag">{m.status === 'error' ? 'failed' : 'unavailable'}</span>{' '}
                        {plainText(m.message)}
                      </li>
                    ))}
                  </ul>
                </Section>
              )}
              {report.suggestions.length > 0 && (
                <Section title="Suggestions for the tumor board" testId="report-suggestions" ai>
                  <ul data-testid="suggestions">
                    {report.suggestions.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </ul>
                </Section>
              )}
              <Footnotes evidence={report.evidence} />
              {report.usage && <Usage usage={report.usage} />}
            </div>
            {open && <CitationPanel cite={open} onClose={() => setOpenRef(null)} />}
          </div>
        </section>
      </CitationContext.Provider>
    </SignatureContext.Provider>
  );
}
