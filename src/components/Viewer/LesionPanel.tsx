// Beside the image: the study's measured lesions by anatomy (each jumps to its slice), the selected lesion's sizes,
// its box as numbers (keyboard entry), and "Re-measure" with the adjusted box.
import { type ReactNode, useId } from 'react';
import { sameBox } from './box';
import type { Box, ViewerLesion } from './lesions';

export interface LesionPanelProps {
  lesions: ViewerLesion[];
  /** Slice number (1-based) of each lesion, by call id. */
  sliceOf: (lesion: ViewerLesion) => number | undefined;
  selected?: ViewerLesion;
  draft?: Box;
  onSelect: (callId: string) => void;
  onDraft: (box: Box) => void;
  onRemeasure: () => void;
  busy: boolean;
  error?: string;
  /** Whether the workup assessed the response (RECIST) from the automated sizes. */
  assessed: boolean;
}

const mm = (v: number | undefined): string => (v === undefined ? 'not measurable in mm' : `${v.toFixed(1)} mm`);
const CORNERS = ['Left (x1)', 'Top (y1)', 'Right (x2)', 'Bottom (y2)'] as const;

/**
 * The lesion list and the selected lesion's measurement controls.
 * @param props - Lesions, selection, the box being drawn and the re-measure action.
 * @returns The panel.
 */
export function LesionPanel(props: LesionPanelProps): ReactNode {
  const { lesions, selected, draft, busy, error } = props;
  const id = useId();
  if (lesions.length === 0) {
    return (
      <p className="muted" data-testid="viewer-no-lesions">
        No lesion of this study was measured in the workup. Prepare a workup to measure the lesions the reports mark.
      </p>
    );
  }
  const changed = selected && draft ? !sameBox(selected.box, draft) : false;
  return (
    <div className="viewer-panel">
      <ul className="viewer-lesions" aria-label="Measured lesions">
        {lesions.map((l) => (
          <li key={l.callId}>
            <button
              type="button"
              className="button button-quiet"
              aria-pressed={l.callId === selected?.callId}
              data-testid="viewer-lesion"
              onClick={() => props.onSelect(l.callId)}
            >
              {l.label}
              {props.sliceOf(l) !== undefined && <span className="muted"> · slice {props.sliceOf(l)}</span>}
            </button>
          </li>
        ))}
      </ul>
      {selected && draft && (
        <section className="viewer-measure" aria-labelledby={`${id}-h`} data-testid="viewer-measure">
          <h3 id={`${id}-h`} className="viewer-measure-title">
            {selected.label}
            {selected.adjusted && <span className="viewer-tag">box adjusted by you</span>}
          </h3>
          <p>
            Longest diameter <strong data-testid="viewer-diameter">{mm(selected.longestDiameterMm)}</strong>, short axis{' '}
            <strong data-testid="viewer-short-axis">{mm(selected.shortAxisMm)}</strong>
          </p>
          <fieldset className="viewer-box-fields">
            <legend>Box in image pixels</legend>
            {CORNERS.map((label, i) => (
              <label key={label} className="viewer-box-field">
                {label}
                <input
                  type="number"
                  inputMode="numeric"
                  step={1}
                  min={0}
                  value={draft[i]}
                  data-testid={`viewer-box-${i}`}
                  onChange={(e) => {
                    const value = Number.parseInt(e.target.value, 10);
                    if (Number.isFinite(value)) props.onDraft(draft.map((v, j) => (j === i ? value : v)) as Box);
                  }}
                />
              </label>
            ))}
          </fieldset>
          <div className="viewer-actions">
            <button
              type="button"
              className="button"
              data-testid="viewer-remeasure"
              disabled={!changed || busy}
              onClick={props.onRemeasure}
            >
              {busy ? 'Measuring…' : 'Re-measure'}
            </button>
            <button
              type="button"
              className="button button-quiet"
              disabled={!changed || busy}
              onClick={() => props.onDraft(selected.box)}
            >
              Undo box changes
            </button>
          </div>
          {error && (
            <p className="error" role="alert" data-testid="viewer-remeasure-error">
              {error}
            </p>
          )}
          {selected.adjusted && (
            <p className="muted" data-testid="viewer-adjusted-note">
              The adjusted measurement is what you sign.
              {props.assessed && ' The workup’s response assessment still uses the automated sizes.'}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
