// Loads the slice the viewer shows, each slice fetched once per viewer (scrolling back needs no second download).
import { useEffect, useRef, useState } from 'react';
import type { DicomSlice } from '../../../common/dicom/decode';
import { fetchSlice, type SliceRef } from './slices';

export type SliceState =
  | { status: 'loading' }
  /** `url` says which slice is loaded: while the next one loads, the previous one stays on screen. */
  | { status: 'loaded'; slice: DicomSlice; url: string }
  | { status: 'failed'; message: string };

/**
 * The decoded slice at `ref`, from the cache when it was shown before.
 * @param ref - The slice to show, or undefined.
 * @param authorization - The Authorization header, or null (sent only when the caller says so).
 * @returns Its loading state.
 */
export function useSlice(ref: SliceRef | undefined, authorization: string | null): SliceState {
  const cache = useRef(new Map<string, Promise<DicomSlice>>());
  const [state, setState] = useState<SliceState>({ status: 'loading' });
  useEffect(() => {
    if (!ref) return undefined;
    let live = true;
    let pending = cache.current.get(ref.url);
    if (!pending) {
      pending = fetchSlice(ref, authorization);
      cache.current.set(ref.url, pending);
      // A failed fetch is tried again when the slice is shown again.
      pending.catch(() => cache.current.delete(ref.url));
    }
    setState((s) => (s.status === 'loaded' ? s : { status: 'loading' }));
    pending.then(
      (slice) => live && setState({ status: 'loaded', slice, url: ref.url }),
      (error: unknown) => live && setState({ status: 'failed', message: (error as Error).message ?? String(error) })
    );
    return () => {
      live = false;
    };
  }, [ref, authorization]);
  return state;
}
