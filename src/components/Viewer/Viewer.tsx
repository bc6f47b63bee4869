// The image viewer: one slice at a time of a study (wheel, arrow keys or slider), window/level presets applied in the
// browser, each measured lesion's outline, box and anatomy label on its slice, and the box adjustable for a re-measure.
import type { ReactNode } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { WorkupToolCall } from '../../../common/contracts';
import type { RemeasureRequest } from '../../../common/contracts/remeasure';
import type { PatientRecord } from '../../../common/record/patient-record';
import { formatDate } from '../../record/format';
import { BoxEditor } from './BoxEditor';
import { LesionPanel } from './LesionPanel';
import { type Box, studyLesions } from './lesions';
import { SliceCanvas } from './SliceCanvas';
import { studySlices } from './slices';
import { useSlice } from './useSlice';
import { useSliceScroll } from './useSliceScroll';
import type { ViewerTarget } from './ViewerContext';
import { PRESETS, type PresetId } from './window-level';
import './viewer.css';

export interface ViewerProps {
  target: ViewerTarget;
  record: PatientRecord;
  calls: WorkupToolCall[];
  fhirBase: string;
  authorization: string | null;
  pacsOrigins: readonly string[];
  onRemeasure: (call: WorkupToolCall, request: RemeasureRequest) => Promise<void>;
  onClose: () => void;
}

/**
 * The viewer dialog.
 * @param props - What to open, the record, the workup's calls, where images come from, and the actions.
 * @returns The dialog.
 */
export function Viewer(props: ViewerProps): ReactNode {
  const { target, record, calls } = props;
  const headingId = useId();
  const sliderId = useId();
  const study = record.imagingStudies.find((s) => s.id === target.studyId);
  const lesions = useMemo(() => studyLesions(calls, record, target.studyId), [calls, record, target.studyId]);
  const first = lesions.find((l) => l.callId === target.callId) ?? lesions[0];
  const source = useMemo(
    () =>
      study
        ? studySlices(study, record.included, props.fhirBase, props.pacsOrigins, first?.seriesUid)
        : ({ ok: false, reason: 'The study is not in the record.' } as const),
    [study, record.included, props.fhirBase, props.pacsOrigins, first?.seriesUid]
  );
  const slices = source.ok ? source.slices : [];
  const indexOf = (instanceUid: string) => slices.findIndex((s) => s.instanceUid === instanceUid);
  const count = slices.length;
  const { index, setIndex, stage, onKeyDown } = useSliceScroll(
    count,
    first ? Math.max(0, indexOf(first.instanceUid)) : count >> 1
  );
  const [preset, setPreset] = useState<PresetId>('soft-tissue');
  const [selectedId, setSelectedId] = useState(first?.callId);
  const selected = lesions.find((l) => l.callId === selectedId);
  const [draft, setDraft] = useState<Box | undefined>(selected?.box);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const boxKey = selected ? `${selected.callId}:${selected.box.join(',')}` : '';
  // A new selection or a new measurement starts from the lesion's own box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: boxKey stands for the selected lesion and its box
  useEffect(() => setDraft(selected?.box), [boxKey]);

  const ref = slices[index];
  const state = useSlice(ref, source.ok && source.sendToken ? props.authorization : null);
  const close = useRef<HTMLButtonElement>(null);
  // Focus moves into the dialog and back to what opened it.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => opener?.focus?.();
  }, []);

  const select = (callId: string) => {
    const lesion = lesions.find((l) => l.callId === callId);
    setSelectedId(callId);
    setError(undefined);
    if (lesion && indexOf(lesion.instanceUid) >= 0) setIndex(indexOf(lesion.instanceUid));
  };
  const remeasure = () => {
    const call = calls.find((c) => c.id === selected?.callId);
    if (!call || !selected || !draft || busy || !study?.id) return;
    setBusy(true);
    setError(undefined);
    const request = { study: study.id, series: selected.seriesUid, instance: selected.instanceUid, box: draft };
    props.onRemeasure(call, request).then(
      () => setBusy(false),
      (e: unknown) => {
        setBusy(false);
        setError(e instanceof Error ? e.message : String(e));
      }
    );
  };
  const shown = state.status === 'loaded' ? slices.findIndex((s) => s.url === state.url) : -1;
  const onSlice = lesions.filter((l) => shown >= 0 && l.instanceUid === slices[shown]?.instanceUid);
  const shownWindow = PRESETS.find((p) => p.id === preset)!.window;
  const sliceLabel = count ? `Slice ${index + 1} of ${count}` : 'No slices';
  return (
    <div className="viewer-backdrop">
      <section
        className="viewer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        data-testid="viewer"
        onKeyDown={(e) => e.key === 'Escape' && props.onClose()}
      >
        <header className="viewer-head">
          <div>
            <h2 id={headingId} className="card-title">
              {study?.description ?? 'Imaging study'}
            </h2>
            <p className="muted">
              {[formatDate(study?.started), source.ok ? source.seriesDescription : undefined]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <button
            ref={close}
            type="button"
            className="button button-quiet"
            data-testid="viewer-close"
            onClick={props.onClose}
          >
            Close
          </button>
        </header>
        {!source.ok ? (
          <p className="error" role="alert" data-testid="viewer-error">
            {source.reason}
          </p>
        ) : (
          <>
            <fieldset className="viewer-presets">
              <legend className="viewer-legend">Window</legend>
              {PRESETS.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  className="button button-quiet"
                  aria-pressed={p.id === preset}
                  data-testid="viewer-preset"
                  data-preset={p.id}
                  onClick={() => setPreset(p.id)}
                >
                  {p.label}
                </button>
              ))}
            </fieldset>
            {/* The image is the slice control: the wheel and the arrow keys page through the series. */}
            <div
              ref={stage}
              className="viewer-stage"
              data-testid="viewer-stage"
              role="slider"
              tabIndex={0}
              aria-label="Image: scroll or use the arrow keys to change slice"
              aria-valuemin={1}
              aria-valuemax={Math.max(1, count)}
              aria-valuenow={index + 1}
              aria-valuetext={sliceLabel}
              onKeyDown={onKeyDown}
            >
              {state.status === 'loaded' && (
                <SliceCanvas slice={state.slice} number={shown + 1} window={shownWindow} lesions={onSlice} />
              )}
              {state.status === 'loaded' && (
                <BoxEditor
                  columns={state.slice.columns}
                  rows={state.slice.rows}
                  lesions={onSlice}
                  selected={selected?.callId}
                  draft={draft}
                  onDraft={setDraft}
                  onSelect={select}
                />
              )}
              {state.status === 'loading' && <p className="viewer-note">Loading the slice…</p>}
              {state.status === 'failed' && (
                <p className="viewer-note error" role="alert" data-testid="viewer-error">
                  Image not shown: {state.message}
                </p>
              )}
            </div>
            <div className="viewer-slider">
              <label htmlFor={sliderId}>Slice</label>
              <input
                id={sliderId}
                type="range"
                min={1}
                max={Math.max(1, count)}
                value={index + 1}
                data-testid="viewer-slider"
                onChange={(e) => setIndex(Number(e.target.value) - 1)}
              />
              <output htmlFor={sliderId} data-testid="viewer-slice-number" aria-live="polite">
                {sliceLabel}
              </output>
            </div>
          </>
        )}
        <LesionPanel
          lesions={lesions}
          sliceOf={(l) => (indexOf(l.instanceUid) >= 0 ? indexOf(l.instanceUid) + 1 : undefined)}
          selected={selected}
          draft={draft}
          onSelect={select}
          onDraft={setDraft}
          onRemeasure={remeasure}
          busy={busy}
          error={error}
          assessed={calls.some((c) => c.tool === 'assess_response' && c.status === 'ok')}
        />
      </section>
    </div>
  );
}
