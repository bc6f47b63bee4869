// Paging through a series on the image itself: the mouse wheel and the arrow, Page and Home/End keys change the slice,
// one step at a time and never past either end.
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';

const KEYS: Record<string, number> = {
  ArrowDown: 1,
  ArrowRight: 1,
  PageDown: 1,
  ArrowUp: -1,
  ArrowLeft: -1,
  PageUp: -1,
};

export interface SliceScroll {
  /** 0-based index of the slice shown. */
  index: number;
  setIndex: (index: number) => void;
  /** Goes on the image element: it takes the wheel. */
  stage: RefObject<HTMLDivElement | null>;
  /** Goes on the image element: it takes the keys. */
  onKeyDown: (e: KeyboardEvent) => void;
}

/**
 * The slice index and the wheel and key handling that change it.
 * @param count - Number of slices.
 * @param initial - The slice to start on (0-based).
 * @returns The index, its setter, the element ref and the key handler.
 */
export function useSliceScroll(count: number, initial: number): SliceScroll {
  const [index, setRaw] = useState(initial);
  const stage = useRef<HTMLDivElement>(null);
  const clamp = useCallback((i: number) => Math.min(count - 1, Math.max(0, i)), [count]);
  const setIndex = useCallback((i: number) => setRaw(clamp(i)), [clamp]);
  useEffect(() => {
    const element = stage.current;
    if (!element) return undefined;
    // A passive listener could not keep the page from scrolling along.
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      if (e.deltaY !== 0) setRaw((i) => clamp(i + Math.sign(e.deltaY)));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [clamp]);
  const onKeyDown = (e: KeyboardEvent) => {
    const step = KEYS[e.key];
    if (step === undefined && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    if (e.key === 'Home') setRaw(0);
    else if (e.key === 'End') setRaw(clamp(count - 1));
    else setRaw((i) => clamp(i + step!));
  };
  return { index, setIndex, stage, onKeyDown };
}
