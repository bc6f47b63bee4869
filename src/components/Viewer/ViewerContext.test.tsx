// Re-measuring from a lesion's measurement card: the viewer opens at the lesion, "Re-measure" posts the adjusted box
// with the session's credentials, the card and the viewer show the new diameter, and the workup handed to signing
// carries the adjusted measurement (marked as the clinician's, with the automated one kept) under a new review key.
// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type Client from 'fhirclient/lib/Client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkupResult } from '../../../common/contracts';
import { segmentationOf } from '../../workup/tool-views';
import { Segmentation } from '../Segmentation/Segmentation';
import { ctSlice } from './testing/dicom-slice';
import { BOX, FHIR_BASE, instanceUid, SERIES, segmentCall, viewerRecord } from './testing/record';
import { useViewerWorkup, ViewerProvider } from './ViewerContext';

const client = {
  state: { serverUrl: FHIR_BASE },
  patient: { id: 'p1' },
  getAuthorizationHeader: () => 'Bearer t0k',
  refreshIfNeeded: async () => undefined,
} as unknown as Client;

const workup = { id: 'wk1', toolCalls: [segmentCall] } as unknown as WorkupResult;
let posted: { headers: Record<string, string>; body: unknown }[];

beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/imaging/remeasure')) {
        const body = JSON.parse(String(init?.body));
        posted.push({ headers: init?.headers as Record<string, string>, body });
        const output = { ...(segmentCall.output as object), box: body.box, longestDiameterMm: 20.5, shortAxisMm: 18 };
        return Response.json({ output, warnings: [] });
      }
      return new Response(ctSlice(new Array(64).fill(40), 8, 8), { headers: { 'content-type': 'application/dicom' } });
    })
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Probe(): React.ReactNode {
  const signed = useViewerWorkup(workup);
  const call = signed.workup?.toolCalls[0];
  return (
    <div>
      <p data-testid="signed-key">{signed.key}</p>
      <p data-testid="signed-output">{JSON.stringify(call?.output)}</p>
      <Segmentation view={segmentationOf(segmentCall)!} call={segmentCall} />
    </div>
  );
}

describe('re-measuring a lesion', () => {
  it('replaces the measurement shown and signed by the adjusted one', async () => {
    render(
      <ViewerProvider record={viewerRecord()} client={client} pacsOrigins={[]}>
        <Probe />
      </ViewerProvider>
    );
    expect(screen.getByTestId('signed-key').textContent).toBe('wk1');
    expect(screen.getByTestId('measurement').textContent).toContain('Segment VII lesion');
    fireEvent.click(screen.getByTestId('open-viewer'));
    await waitFor(() => expect(screen.getByTestId('viewer-canvas').getAttribute('data-slice')).toBe('2'));
    fireEvent.change(screen.getByTestId('viewer-box-2'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('viewer-remeasure'));
    await waitFor(() => expect(screen.getByTestId('viewer-diameter').textContent).toBe('20.5 mm'));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({ study: 'ct1', series: SERIES, instance: instanceUid(2), box: [2, 2, 5, 6] });
    expect(posted[0]!.headers).toMatchObject({ authorization: 'Bearer t0k', 'x-patient-id': 'p1' });
    // The card shows the new size; the signed workup carries it, marked as the clinician's.
    expect(screen.getByTestId('measurement').getAttribute('data-adjusted')).toBe('true');
    expect(screen.getByTestId('measurement').textContent).toContain('20.5 mm');
    const signed = JSON.parse(screen.getByTestId('signed-output').textContent ?? '{}');
    expect(signed).toMatchObject({
      longestDiameterMm: 20.5,
      box: [2, 2, 5, 6],
      adjustment: { by: 'clinician', original: { box: BOX, longestDiameterMm: 28.4 } },
    });
    expect(screen.getByTestId('signed-key').textContent).not.toBe('wk1');
  });
});
