// A lesion measurement beside its overlay, so the clinician sees which outline each number comes from.
import type { ReactNode } from 'react';
import type { SegmentationView } from '../../workup/tool-views';

const mm = (value: number | undefined, unit = 'mm'): string =>
  value === undefined ? 'not measurable (no pixel spacing)' : `${value.toFixed(1)} ${unit}`;

/**
 * Shows one segment_lesion result: overlay image and RECIST-style sizes.
 * @param props - The measurement and a caption (which image).
 * @returns The figure.
 */
export function Segmentation({ view, caption }: { view: SegmentationView; caption?: string }): ReactNode {
  return (
    <figure className="measurement" data-testid="measurement">
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
        {view.disclaimer && <p className="disclaimer">{view.disclaimer}</p>}
      </figcaption>
    </figure>
  );
}
