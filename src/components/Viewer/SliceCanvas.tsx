// Draws one slice under a window with its lesion outlines; `data-slice` names the slice drawn.
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { DicomSlice } from '../../../common/dicom/decode';
import type { ViewerLesion } from './lesions';
import { maskOutline } from './mask-outline';
import { type Window, windowPixels } from './window-level';

export interface SliceCanvasProps {
  slice: DicomSlice;
  /** 1-based number of the slice in the series (what the clinician sees). */
  number: number;
  window: Window;
  lesions: ViewerLesion[];
}

/**
 * The canvas: full image resolution, scaled by CSS to the available width.
 * @param props - The slice, its number, the window and the lesions on it.
 * @returns The canvas.
 */
export function SliceCanvas({ slice, number, window, lesions }: SliceCanvasProps): ReactNode {
  const canvas = useRef<HTMLCanvasElement>(null);
  const outline = useMemo(
    () =>
      lesions.flatMap((l) =>
        l.mask && l.mask.width === slice.columns && l.mask.height === slice.rows ? maskOutline(l.mask) : []
      ),
    [lesions, slice]
  );
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    element.width = slice.columns;
    element.height = slice.rows;
    const image = context.createImageData(slice.columns, slice.rows);
    image.data.set(windowPixels(slice, window, outline));
    context.putImageData(image, 0, 0);
  }, [slice, window, outline]);
  return (
    <canvas
      ref={canvas}
      className="viewer-canvas"
      data-testid="viewer-canvas"
      data-slice={number}
      aria-label={`Slice ${number}, window centre ${window.center}, width ${window.width}`}
    />
  );
}
