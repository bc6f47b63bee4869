// One tool call's result as a clinician reads it: measurements with overlays, response, predictions, therapies,
// scores and stages with their assumptions; any other tool's output as labelled values; failures with their reason.

import type { ReactNode } from 'react';
import type { WorkupToolCall } from '../../../common/contracts';
import { plainText } from '../../record/plain';
import { callDetail, formatMs, toolTitle } from '../../workup/labels';
import { actionabilityOf, predictionsOf, responseOf, scoreOf, segmentationOf, stageOf } from '../../workup/tool-views';
import { AiLabel } from '../AiLabel/AiLabel';
import { RecistChart } from '../Charts/RecistChart';
import type { RecistSeries } from '../Charts/recist';
import { Predictions } from '../Predictions/Predictions';
import { Segmentation } from '../Segmentation/Segmentation';
import { Therapies } from '../Therapies/Therapies';
import { ReadableOutput } from './ReadableOutput';
import { Caveats, ScoreCard } from './ScoreCard';

/** Longest JSON shown in the citation panel's technical details, so a huge output cannot freeze the page. */
const MAX_JSON = 20_000;

/**
 * Pretty JSON for display, cut at {@link MAX_JSON} characters.
 * @param value - Any value.
 * @returns The text.
 */
export function json(value: unknown): string {
  const text = JSON.stringify(value, null, 2) ?? 'no output';
  return text.length > MAX_JSON ? `${text.slice(0, MAX_JSON)}\n… (${text.length - MAX_JSON} more characters)` : text;
}

const sign = (v: number): string => `${v > 0 ? '+' : ''}${v.toFixed(1)} %`;

function Body({ call, recist }: ToolOutputProps): ReactNode {
  if (call.status !== 'ok') {
    return (
      <p className={call.status === 'error' ? 'error' : 'muted'}>{plainText(call.message) ?? 'No reason was given.'}</p>
    );
  }
  const segmentation = segmentationOf(call);
  if (segmentation) {
    return <Segmentation view={segmentation} caption={callDetail(call.tool, call.args)} call={call} />;
  }
  const response = responseOf(call);
  if (response) {
    return (
      <div data-testid="response">
        <p className="response-category">
          {response.category}
          {response.changeFromBaselinePct !== undefined && (
            <span className="muted"> · {sign(response.changeFromBaselinePct)} from baseline</span>
          )}
        </p>
        {response.rule && <p>{plainText(response.rule)}</p>}
        {recist && recist.points.length >= 2 && <RecistChart series={recist} />}
      </div>
    );
  }
  const predictions = predictionsOf(call);
  if (predictions) {
    return <Predictions view={predictions} />;
  }
  const actionability = actionabilityOf(call);
  if (actionability) {
    return <Therapies view={actionability} />;
  }
  const score = scoreOf(call);
  if (score) {
    return <ScoreCard score={score} />;
  }
  const stage = stageOf(call);
  if (stage) {
    const p = stage.prefixes;
    return (
      <div data-testid="stage">
        <p className="response-category">Stage {stage.stageGroup}</p>
        <p>
          {`${p.t ?? ''}${stage.t} ${p.n ?? ''}${stage.n} ${p.m ?? ''}${stage.m}`} · {stage.edition}
        </p>
        <p className="muted">{plainText(stage.rule)}</p>
        <Caveats notes={stage.notes} />
      </div>
    );
  }
  return <ReadableOutput output={call.output} />;
}

export interface ToolOutputProps {
  call: WorkupToolCall;
  /** An assess_response call's sums of diameters by time point, dated from the record: drawn as a chart. */
  recist?: RecistSeries;
}

/**
 * Shows one tool call's result with its title, status and time.
 * @param props - The call and, for a response assessment, its time points.
 * @returns The result block.
 */
export function ToolOutput({ call, recist }: ToolOutputProps): ReactNode {
  const detail = callDetail(call.tool, call.args);
  return (
    <article className="tool-output" data-testid="tool-output" data-tool={call.tool} data-status={call.status}>
      <h4 className="tool-output-title">
        {toolTitle(call.tool)}
        {detail && <span className="muted"> · {detail}</span>}
      </h4>
      <p className="row-meta">
        <span>{call.status === 'ok' ? 'done' : call.status === 'error' ? 'failed' : 'unavailable'}</span>
        <span>{formatMs(call.ms)}</span>
        {call.status === 'ok' && <AiLabel />}
      </p>
      {call.warnings?.map((w) => (
        <p key={w} className="notice warning" data-testid="tool-warning">
          <strong>Warning:</strong> {plainText(w)}
        </p>
      ))}
      <Body call={call} recist={recist} />
    </article>
  );
}
