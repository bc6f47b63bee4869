// Byte-level fuzzing of the file decoders (DICOM, PNG, PDF) and of segment_lesion on mutated files: every input ends
// in a decoded image within the limits or a clear Error, never another throw, a hang or an unbounded allocation.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSlice, MAX_SLICE_PIXELS } from '../../common/dicom/decode';
import { decodePng, encodePng, MAX_PNG_PIXELS } from '../../server/imaging/png';
import { parsePdf } from '../../server/rag/ingest/pdf';
import { PDF_LIMITS } from '../../server/rag/ingest/pdf-limits';
import { GUIDELINE_PDF, makePdf } from '../../server/rag/ingest/testdata/make-pdf';
import { CT_IMAGE_STORAGE, type DicomElement, writeDicomFile } from '../../server/sandbox/dicom/dicom-writer';
import { readToolConfig } from '../../server/tools/config';
import { hasServerPath } from '../../server/tools/path-free';
import { renderForModel } from '../../server/tools/radiology_report/render';
import { runTool } from '../../server/tools/run-tool';
import { segmentLesionTool } from '../../server/tools/segment_lesion';
import { decodeImage } from '../../server/tools/segment_lesion/decode-image';
import { CaseCounter } from './support/case-counter';
import { type CrashWatch, watchCrashes } from './support/crash-watch';
import { mutateBytes, Rng } from './support/fuzz';

const SEED = 0xdec0_de5;
const counter = new CaseCounter();
const dir = mkdtempSync(join(tmpdir(), 'fuzz-decoders-'));
let crashes: CrashWatch;
beforeAll(() => {
  crashes = watchCrashes();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  counter.print('decoders');
});

/** A small grayscale slice with the header fields a decoder reads. */
function dicomSeed(rng: Rng): Uint8Array {
  const rows = 4 + rng.int(29);
  const columns = 4 + rng.int(29);
  const eight = rng.bool(0.3);
  const pixels = eight
    ? Uint8Array.from({ length: rows * columns }, () => rng.int(256))
    : Int16Array.from({ length: rows * columns }, () => rng.int(4000) - 1000);
  const elements: DicomElement[] = [
    { tag: 0x00080016, vr: 'UI', value: CT_IMAGE_STORAGE },
    { tag: 0x00080018, vr: 'UI', value: `2.25.${rng.int(1e9)}` },
    { tag: 0x00080060, vr: 'CS', value: 'CT' },
    { tag: 0x00280002, vr: 'US', value: 1 },
    { tag: 0x00280004, vr: 'CS', value: rng.pick(['MONOCHROME1', 'MONOCHROME2']) },
    { tag: 0x00280010, vr: 'US', value: rows },
    { tag: 0x00280011, vr: 'US', value: columns },
    { tag: 0x00280030, vr: 'DS', value: [0.7, 0.7] },
    { tag: 0x00280100, vr: 'US', value: eight ? 8 : 16 },
    { tag: 0x00280101, vr: 'US', value: eight ? 8 : 12 },
    { tag: 0x00280103, vr: 'US', value: eight ? 0 : 1 },
    { tag: 0x00281052, vr: 'DS', value: -1024 },
    { tag: 0x00281053, vr: 'DS', value: 1 },
    ...(rng.bool(0.2) ? [{ tag: 0x00280008, vr: 'IS' as const, value: String(1 + rng.int(3)) }] : []),
    { tag: 0x7fe00010, vr: eight ? 'OB' : 'OW', value: pixels },
  ];
  return writeDicomFile(elements);
}

/** A small RGBA PNG, or a grey one re-encoded by hand-picked colour types through encodePng's RGBA path. */
function pngSeed(rng: Rng): Uint8Array {
  const w = 1 + rng.int(24);
  const h = 1 + rng.int(24);
  return encodePng(
    Uint8Array.from({ length: w * h * 4 }, () => rng.int(256)),
    w,
    h
  );
}

/** A decode either succeeds within the limits or throws an Error with a message. */
function expectBounded(
  run: () => { width: number; height: number; pixels: number },
  limit: number
): string | undefined {
  try {
    const out = run();
    if (out.width * out.height > limit) return `decoded ${out.width}×${out.height}, over the limit`;
    if (out.pixels !== out.width * out.height) return `decoded ${out.pixels} values for ${out.width}×${out.height}`;
    return undefined;
  } catch (err) {
    if (!(err instanceof Error)) return `threw a non-Error: ${String(err)}`;
    if (!err.message) return 'threw an Error without a message';
    if (hasServerPath(err.message)) return `error names a server path: ${err.message}`;
    return undefined;
  }
}

describe('decoder fuzz', () => {
  it('DICOM: mutated slices decode within the limits or fail with a clear Error', () => {
    const rng = new Rng(SEED);
    const problems: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const { bytes, kind } = mutateBytes(dicomSeed(rng), rng, 400);
      const problem = expectBounded(() => {
        const s = decodeSlice(bytes);
        return { width: s.columns, height: s.rows, pixels: s.values.length };
      }, MAX_SLICE_PIXELS);
      // The tool-facing decoders take the same bytes: segment_lesion's and radiology_report's.
      const viaTool = expectBounded(() => {
        const img = decodeImage(bytes, 'fuzz.dcm');
        return { width: img.slice.width, height: img.slice.height, pixels: img.slice.values.length };
      }, MAX_SLICE_PIXELS);
      const viaRender = expectBounded(() => {
        const r = renderForModel(bytes);
        return { width: r.width, height: r.height, pixels: r.width * r.height };
      }, MAX_SLICE_PIXELS);
      for (const p of [problem, viaTool, viaRender]) if (p) problems.push(`case ${i} (${kind}): ${p}`);
      counter.add('dicom', 3);
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('PNG: mutated files decode within the limits or fail with a clear Error', () => {
    const rng = new Rng(SEED + 1);
    const problems: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const { bytes, kind } = mutateBytes(pngSeed(rng), rng, 40);
      const problem = expectBounded(() => {
        const p = decodePng(bytes);
        return { width: p.width, height: p.height, pixels: p.rgba.length / 4 };
      }, MAX_PNG_PIXELS);
      const viaTool = expectBounded(() => {
        const img = decodeImage(bytes, 'fuzz.png');
        return { width: img.slice.width, height: img.slice.height, pixels: img.slice.values.length };
      }, MAX_PNG_PIXELS);
      for (const p of [problem, viaTool]) if (p) problems.push(`case ${i} (${kind}): ${p}`);
      counter.add('png', 2);
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('PDF: mutated files parse or are refused with a clear Error', async () => {
    const rng = new Rng(SEED + 2);
    const seeds = [GUIDELINE_PDF, makePdf({ title: 'T', pages: [[{ text: 'Body text here.', size: 10 }]] })];
    const limits = { ...PDF_LIMITS, timeoutMs: 10_000 };
    const problems: string[] = [];
    for (let i = 0; i < 250; i++) {
      const { bytes, kind } = mutateBytes(rng.pick(seeds), rng, 2000);
      try {
        const doc = await parsePdf(bytes, 'fuzz.pdf', {}, limits);
        if (!doc.sections.length) problems.push(`case ${i} (${kind}): a document without sections`);
      } catch (err) {
        if (!(err instanceof Error) || !err.message) problems.push(`case ${i} (${kind}): threw ${String(err)}`);
        else if (hasServerPath(err.message)) problems.push(`case ${i} (${kind}): ${err.message}`);
      }
      counter.add('pdf');
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('segment_lesion: mutated DICOM and PNG files through runTool give a result, never a throw', async () => {
    const rng = new Rng(SEED + 3);
    const ctx = { config: { ...readToolConfig({ ONCOAGENT_MODELS_DIR: dir }), offline: true, timeoutMs: 10_000 } };
    writeFileSync(join(dir, 'manifest.json'), '{"models": []}');
    const problems: string[] = [];
    for (let i = 0; i < 300; i++) {
      const seed = rng.bool() ? dicomSeed(rng) : pngSeed(rng);
      const { bytes, kind } = mutateBytes(seed, rng, 400);
      const path = join(dir, `case-${i % 8}.bin`);
      writeFileSync(path, bytes);
      const box = [rng.int(10), rng.int(10), 10 + rng.int(30), 10 + rng.int(30)];
      const run = await runTool(segmentLesionTool, { image: path, box, engine: rng.pick(['classical', 'auto']) }, ctx);
      if (!['ok', 'error', 'unavailable'].includes(run.status))
        problems.push(`case ${i} (${kind}): status ${run.status}`);
      if (
        hasServerPath(
          JSON.stringify({
            message: run.message,
            warnings: run.warnings,
            source: (run.output as { source?: unknown })?.source,
          })
        )
      )
        problems.push(`case ${i} (${kind}): a server path in ${run.message}`);
      counter.add('segment_lesion-files');
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(crashes.seen(), crashes.describe()).toBe(0);
  });
});
