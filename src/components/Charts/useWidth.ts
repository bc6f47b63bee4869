// The width an SVG chart is drawn at: its box's, so text keeps its size on a phone instead of shrinking with a viewBox.
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * Follows an element's width.
 * @param fallback - Width used before the first measurement and where the browser cannot measure (tests, print).
 * @returns The ref to attach and the current width in CSS pixels.
 */
export function useWidth<T extends HTMLElement>(fallback: number): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (): void => {
      const w = Math.round(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
