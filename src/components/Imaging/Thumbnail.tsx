// One study's thumbnail: fetches the chosen DICOM instance, draws it on a canvas, or shows why it cannot.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { fetchThumbnail, type WadoSkip, type WadoTarget } from '../../imaging';

export interface ThumbnailProps {
  target: WadoTarget | WadoSkip;
  /** The Authorization header, only for a target on the FHIR server's origin (never for a PACS elsewhere), or null. */
  authorization: string | null;
}

type State = { status: 'loading' } | { status: 'loaded' } | { status: 'failed'; message: string };

/**
 * Draws the thumbnail; `data-loaded="true"` appears on the canvas only once the pixels are drawn.
 * @param props - Where to fetch, and the Authorization header.
 * @returns The canvas, or the reason text in its place.
 */
export function Thumbnail({ target, authorization }: ThumbnailProps): ReactNode {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<State>({ status: 'loading' });
  const url = target.ok ? target.url : undefined;

  useEffect(() => {
    if (!url) {
      return undefined;
    }
    const abort = new AbortController();
    setState({ status: 'loading' });
    fetchThumbnail(url, authorization, abort.signal)
      .then((thumb) => {
        const element = canvas.current;
        const context = element?.getContext('2d');
        if (!element || !context) {
          throw new Error('This browser cannot draw the image');
        }
        element.width = thumb.width;
        element.height = thumb.height;
        const image = context.createImageData(thumb.width, thumb.height);
        image.data.set(thumb.rgba);
        context.putImageData(image, 0, 0);
        if (!abort.signal.aborted) {
          setState({ status: 'loaded' });
        }
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) {
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
        }
      });
    return () => abort.abort();
  }, [url, authorization]);

  if (!target.ok) {
    return (
      <p className="thumbnail-note" data-testid="imaging-skipped">
        {target.reason}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className="thumbnail-note error" data-testid="imaging-error" role="alert">
        Image not shown: {state.message}
      </p>
    );
  }
  return (
    <canvas
      ref={canvas}
      className="thumbnail"
      data-testid="imaging-thumbnail"
      data-loaded={state.status === 'loaded' ? 'true' : undefined}
      aria-label={state.status === 'loaded' ? 'Middle image of the first series' : 'Loading image…'}
    />
  );
}
