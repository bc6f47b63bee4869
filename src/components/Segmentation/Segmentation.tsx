// A lesion measurement beside its overlay, so the clinician sees which outline each number comes from; named by the
// record's anatomy, opened in the image viewer, and showing the clinician's re-measurement once there is one.
import type { ReactNode } from 'react';
import type { WorkupToolCall } from '../../../common/contracts';
import { type SegmentationView, segmentationOf } from '../../workup/tool-views';
import { useViewer } from '../Viewer/ViewerContext';

const mm = (value: number | undefined, unit = 'mm'): string =>
  value === undefined ? 'not measurable (no pixel spacing)' : `${value.toFixed(1)} ${unit}`;

const STUDY = /^ImagingStudy\/([A-Za-z0-9\-.]{1,64})\/series\//;

export interface SegmentationProps {
  view: SegmentationView;
  /** Which image (shown when the record names no lesion). */
  caption?: string;
  /** The segment_lesion call: opens the viewer at its slice and picks up a re-measurement. */
  call?: WorkupToolCall;
}

/**
 * Shows one segment_lesion result: overlay image and RECIST-style sizes.
 * @param props - The measurement, a caption (which image) and its call.
 * @returns The figure.
 */
export function Segmentation({ view: automated, caption: imageCaption, call }: SegmentationProps): ReactNode {
  const viewer = useViewer();
  const adjusted = call && viewer?.adjusted(call.id);
  const view = (adjusted && segmentationOf(adjusted)) || automated;
  const label = call && viewer?.lesionLabel(call.id);
  const caption = label ? `${label}${imageCaption ? ` · ${imageCaption}` : ''}` : imageCaption;
  const studyId = STUDY.exec(String((call?.args as { image?: unknown } | null)?.image ?? ''))?.[1];
  return (
    <figure className="measurement" data-testid="measurement" data-adjusted={adjusted ? 'true' : undefined}>
      {view.overlaySrc ? (
        <img
          className="overlay"
          data-testid="overlay"
          src={view.overlaySrc}
          alt={`Automated lesion outline${caption ? ` on ${caption}` : ''} with its longest diameter and short axis`}
        />
      ) : (
        <p className="thumbnail-note">No overlay image was returned.</p>
      )}
      <figcaption>
        {caption && <p className="measurement-caption">{caption}</p>}
        <dl className="facts facts-tight">
          <div className="fact">
            <dt>Longest diameter</dt>
            <dd>{mm(view.longestDiameterMm)}</dd>
          </div>
          <div className="fact">
            <dt>Short axis</dt>
            <dd>{mm(view.shortAxisMm)}</dd>
          </div>
          <div className="fact">
            <dt>Area</dt>
            <dd>{mm(view.areaMm2, 'mm²')}</dd>
          </div>
          {view.engine && (
            <div className="fact">
              <dt>Method</dt>
              <dd>{view.engine}</dd>
            </div>
          )}
        </dl>
        {adjusted && (
          <p className="notice" data-testid="measurement-adjusted">
            Re-measured with the box you adjusted; this measurement is the one signed.
          </p>
        )}
        {viewer && studyId && call && (
          <button
            type="button"
            className="button button-quiet"
            data-testid="open-viewer"
            onClick={() => viewer.open({ studyId, callId: call.id })}
          >
            Open in viewer
          </button>
        )}
        {view.disclaimer && <p className="disclaimer">{view.disclaimer}</p>}
      </figcaption>
    </figure>
  );
}
