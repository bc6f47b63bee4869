// One tool call's result as a clinician reads it: measurements with overlays, response, predictions, therapies;
// any other tool's output as formatted JSON, and failures with their reason.
import type { ReactNode } from 'react';
import type { WorkupToolCall } from '../../../common/contracts';
import { callDetail, formatMs, toolTitle } from '../../workup/labels';
import { actionabilityOf, predictionsOf, responseOf, scoreOf, segmentationOf, stageOf } from '../../workup/tool-views';
import { AiLabel } from '../AiLabel/AiLabel';
import { Predictions } from '../Predictions/Predictions';
import { Segmentation } from '../Segmentation/Segmentation';
import { Therapies } from '../Therapies/Therapies';

/** Longest JSON shown for tools without their own view, so a huge output cannot freeze the page. */
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

function Body({ call }: { call: WorkupToolCall }): ReactNode {
  if (call.status !== 'ok') {
    return <p className={call.status === 'error' ? 'error' : 'muted'}>{call.message ?? 'No reason was given.'}</p>;
  }
  const segmentation = segmentationOf(call);
  if (segmentation) {
    return <Segmentation view={segmentation} caption={callDetail(call.tool, call.args)} />;
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
        {response.rule && <p>{response.rule}</p>}
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
    return (
      <div data-testid="score">
        <p className="response-category">
          {score.title}: {String(score.value)}
          {score.unit ? ` ${score.unit}` : ''}
        </p>
        <p>{score.interpretation}</p>
        <Caveats assumptions={score.assumptions} notes={score.notes} />
        <RawOutput output={call.output} />
      </div>
    );
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
        <p className="muted">{stage.rule}</p>
        <Caveats notes={stage.notes} />
        <RawOutput output={call.output} />
      </div>
    );
  }
  return <RawOutput output={call.output} />;
}

/** What a result rests on, shown with it: an assumption changes the answer if it does not hold. */
function Caveats({ assumptions = [], notes = [] }: { assumptions?: string[]; notes?: string[] }): ReactNode {
  if (!assumptions.length && !notes.length) return null;
  return (
    <ul className="caveats">
      {assumptions.map((a) => (
        <li key={`a-${a}`} className="assumption" data-testid="assumption">
          <strong>Assumption:</strong> {a}
        </li>
      ))}
      {notes.map((n) => (
        <li key={`n-${n}`} className="muted">
          {n}
        </li>
      ))}
    </ul>
  );
}

function RawOutput({ output }: { output: unknown }): ReactNode {
  return (
    <details className="report-text">
      <summary>Output</summary>
      <pre>{json(output)}</pre>
    </details>
  );
}

/**
 * Shows one tool call's result with its title, status and time.
 * @param props - The call.
 * @returns The result block.
 */
export function ToolOutput({ call }: { call: WorkupToolCall }): ReactNode {
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
      <Body call={call} />
      {call.warnings?.map((w) => (
        <p key={w} className="notice">
          {w}
        </p>
      ))}
    </article>
  );
}
