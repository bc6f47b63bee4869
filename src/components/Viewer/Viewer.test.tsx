// The viewer as a clinician uses it: opens at the lesion's slice, scrolls with the wheel, the keys and the slider
// (each slice fetched once), switches window presets, labels the lesion by anatomy, moves the box with the keyboard
// and asks for a re-measure with it. The token goes only to the FHIR server's origin.
// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ctSlice } from './testing/dicom-slice';
import { BOX, FHIR_BASE, instanceUid, SERIES, segmentCall, viewerRecord } from './testing/record';
import { Viewer, type ViewerProps } from './Viewer';

let requests: { url: string; authorization: string | null }[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      requests.push({ url, authorization: headers.authorization ?? null });
      const n = Number(url.split('.').at(-1));
      // Slice n holds n × 10 HU everywhere: each slice looks different.
      return new Response(ctSlice(new Array(64).fill(n * 10), 8, 8, instanceUid(n)), {
        headers: { 'content-type': 'application/dicom' },
      });
    })
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(overrides: Partial<ViewerProps> = {}) {
  const onRemeasure = vi.fn(async () => {});
  render(
    <Viewer
      target={{ studyId: 'ct1', callId: 'c1' }}
      record={viewerRecord()}
      calls={[segmentCall]}
      fhirBase={FHIR_BASE}
      authorization="Bearer t0k"
      pacsOrigins={[]}
      onRemeasure={onRemeasure}
      onClose={() => {}}
      {...overrides}
    />
  );
  return { onRemeasure };
}

const drawn = async (n: number) =>
  waitFor(() => expect(screen.getByTestId('viewer-canvas').getAttribute('data-slice')).toBe(String(n)));
const sliceText = () => screen.getByTestId('viewer-slice-number').textContent;

describe('Viewer', () => {
  it("opens at the lesion's slice and scrolls with the wheel, the arrow keys and the slider", async () => {
    open();
    expect(sliceText()).toBe('Slice 2 of 3');
    await drawn(2);
    const stage = screen.getByTestId('viewer-stage');
    fireEvent.wheel(stage, { deltaY: 120 });
    expect(sliceText()).toBe('Slice 3 of 3');
    await drawn(3);
    fireEvent.wheel(stage, { deltaY: 120 });
    expect(sliceText()).toBe('Slice 3 of 3');
    fireEvent.keyDown(stage, { key: 'ArrowUp' });
    expect(sliceText()).toBe('Slice 2 of 3');
    fireEvent.keyDown(stage, { key: 'Home' });
    expect(sliceText()).toBe('Slice 1 of 3');
    await drawn(1);
    fireEvent.change(screen.getByTestId('viewer-slider'), { target: { value: '2' } });
    await drawn(2);
    // Slices in instance-number order, each fetched once, with the token (same origin as the FHIR server).
    expect(requests.map((r) => r.url.split('/').at(-1))).toEqual([instanceUid(2), instanceUid(3), instanceUid(1)]);
    expect(requests.every((r) => r.authorization === 'Bearer t0k')).toBe(true);
  });

  it('applies a window preset without fetching again', async () => {
    open();
    await drawn(2);
    const lung = screen.getAllByTestId('viewer-preset').find((b) => b.dataset.preset === 'lung')!;
    fireEvent.click(lung);
    expect(lung.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('viewer-canvas').getAttribute('aria-label')).toContain('centre -600, width 1500');
    expect(requests).toHaveLength(1);
  });

  it('labels the lesion by anatomy on its own slice only, with its sizes', async () => {
    open();
    await drawn(2);
    expect(screen.getByTestId('viewer-label').textContent).toBe('Segment VII lesion');
    expect(screen.getByTestId('viewer-diameter').textContent).toBe('28.4 mm');
    expect(screen.getByTestId('viewer').textContent).not.toMatch(/ImagingStudy\/|\[2, 2, 6, 6\]/);
    fireEvent.wheel(screen.getByTestId('viewer-stage'), { deltaY: 1 });
    await drawn(3);
    expect(screen.queryByTestId('viewer-label')).toBeNull();
  });

  it('moves and resizes the box with the keyboard and re-measures with it', async () => {
    const { onRemeasure } = open();
    await drawn(2);
    const remeasure = screen.getByTestId('viewer-remeasure') as HTMLButtonElement;
    expect(remeasure.disabled).toBe(true);
    const box = screen.getByTestId('viewer-box');
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    fireEvent.keyDown(box, { key: 'ArrowDown', shiftKey: true });
    // The keys moved the box, not the slice.
    expect(sliceText()).toBe('Slice 2 of 3');
    expect((screen.getByTestId('viewer-box-0') as HTMLInputElement).value).toBe(String(BOX[0] + 1));
    expect((screen.getByTestId('viewer-box-3') as HTMLInputElement).value).toBe(String(BOX[3] + 1));
    expect(remeasure.disabled).toBe(false);
    fireEvent.click(remeasure);
    expect(onRemeasure).toHaveBeenCalledWith(segmentCall, {
      study: 'ct1',
      series: SERIES,
      instance: instanceUid(2),
      box: [BOX[0] + 1, BOX[1], BOX[2] + 1, BOX[3] + 1],
    });
  });

  it("shows the server's reason when the re-measure is refused", async () => {
    open({
      onRemeasure: vi.fn(async () =>
        Promise.reject(new Error('Re-measuring the lesion failed (status 400): box lies outside'))
      ),
    });
    await drawn(2);
    fireEvent.change(screen.getByTestId('viewer-box-2'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('viewer-remeasure'));
    expect((await screen.findByTestId('viewer-remeasure-error')).textContent).toContain('box lies outside');
  });

  it('fetches from a listed image server on another origin without the token, and names the setting otherwise', async () => {
    open({ record: viewerRecord('https://pacs.example/wado'), pacsOrigins: ['https://pacs.example'] });
    await drawn(2);
    expect(requests[0]).toEqual({
      url: expect.stringMatching(/^https:\/\/pacs\.example\/wado\//),
      authorization: null,
    });
    cleanup();
    open({ record: viewerRecord('https://pacs.example/wado') });
    expect(screen.getByTestId('viewer-error').textContent).toContain('ONCOAGENT_PACS_ORIGINS');
  });
});
