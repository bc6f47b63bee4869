// The lesions drawn over the slice: each box, outline axes and label by anatomy; the selected lesion's box can be
// dragged (inside: move, corners: resize) or moved with the arrow keys (Shift + arrows: resize).
import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef } from 'react';
import { ARROWS, type BoxPart, shiftBox } from './box';
import type { Box, ViewerLesion } from './lesions';

export interface BoxEditorProps {
  columns: number;
  rows: number;
  /** The lesions measured on this slice. */
  lesions: ViewerLesion[];
  selected?: string;
  /** The selected lesion's box as the clinician is drawing it. */
  draft?: Box;
  onDraft: (box: Box) => void;
  onSelect: (callId: string) => void;
}

const HANDLE = 10;

/**
 * The overlay, sized like the canvas under it (image pixels as SVG units).
 * @param props - Image size, lesions, selection and the box being drawn.
 * @returns The SVG and the labels.
 */
export function BoxEditor({ columns, rows, lesions, selected, draft, onDraft, onSelect }: BoxEditorProps): ReactNode {
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ part: BoxPart; x: number; y: number; box: Box } | null>(null);
  const toImage = (e: PointerEvent): [number, number] => {
    const r = svg.current!.getBoundingClientRect();
    return [((e.clientX - r.left) * columns) / (r.width || 1), ((e.clientY - r.top) * rows) / (r.height || 1)];
  };
  const start = (part: BoxPart) => (e: PointerEvent) => {
    if (!draft) return;
    e.preventDefault();
    e.stopPropagation();
    svg.current?.setPointerCapture?.(e.pointerId);
    const [x, y] = toImage(e);
    drag.current = { part, x, y, box: draft };
  };
  const move = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const [x, y] = toImage(e);
    onDraft(shiftBox(d.box, d.part, x - d.x, y - d.y, columns, rows));
  };
  const end = () => {
    drag.current = null;
  };
  const onKey = (e: KeyboardEvent) => {
    const step = ARROWS[e.key];
    if (!step || !draft) return;
    e.preventDefault();
    e.stopPropagation();
    onDraft(shiftBox(draft, e.shiftKey ? 'bottom-right' : 'move', step[0], step[1], columns, rows));
  };
  return (
    <>
      <svg
        ref={svg}
        className="viewer-overlay"
        viewBox={`0 0 ${columns} ${rows}`}
        preserveAspectRatio="none"
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      >
        <title>Measured lesions on this slice</title>
        {lesions.map((l) => {
          const isSelected = l.callId === selected && draft;
          const [x1, y1, x2, y2] = isSelected ? draft : l.box;
          return (
            <g key={l.callId} className={isSelected ? 'viewer-lesion selected' : 'viewer-lesion'}>
              {l.axes && !isSelected && (
                <>
                  <line
                    className="viewer-axis"
                    x1={l.axes.long[0][0]}
                    y1={l.axes.long[0][1]}
                    x2={l.axes.long[1][0]}
                    y2={l.axes.long[1][1]}
                  />
                  <line
                    className="viewer-axis short"
                    x1={l.axes.short[0][0]}
                    y1={l.axes.short[0][1]}
                    x2={l.axes.short[1][0]}
                    y2={l.axes.short[1][1]}
                  />
                </>
              )}
              {/* biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it takes the keys itself */}
              <rect
                data-testid={isSelected ? 'viewer-box' : 'viewer-box-other'}
                className="viewer-box"
                x={x1}
                y={y1}
                width={x2 - x1 + 1}
                height={y2 - y1 + 1}
                role="button"
                tabIndex={0}
                aria-label={
                  isSelected
                    ? `Box of ${l.label}: drag it, or use the arrow keys to move it and Shift with the arrow keys to resize it`
                    : `Select ${l.label}`
                }
                onPointerDown={isSelected ? start('move') : () => onSelect(l.callId)}
                onKeyDown={isSelected ? onKey : (e) => e.key === 'Enter' && onSelect(l.callId)}
              />
              {isSelected &&
                (['top-left', 'bottom-right'] as const).map((corner) => {
                  const [cx, cy] = corner === 'top-left' ? [x1, y1] : [x2 + 1, y2 + 1];
                  return (
                    <rect
                      key={corner}
                      data-testid={`viewer-handle-${corner}`}
                      className="viewer-handle"
                      x={cx - HANDLE / 2}
                      y={cy - HANDLE / 2}
                      width={HANDLE}
                      height={HANDLE}
                      onPointerDown={start(corner)}
                    />
                  );
                })}
            </g>
          );
        })}
      </svg>
      {lesions.map((l) => (
        <span
          key={l.callId}
          className="viewer-label"
          data-testid="viewer-label"
          style={{ left: `${(l.box[0] / columns) * 100}%`, top: `${(l.box[1] / rows) * 100}%` }}
        >
          {l.label}
        </span>
      ))}
    </>
  );
}
