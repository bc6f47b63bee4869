// radiology_report end to end through the real `openai` client and a scripted OpenAI-compatible server on 127.0.0.1.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeSlice } from '../../../common/dicom/decode';
import {
  type ChatScript,
  reply,
  type ScriptedOpenAI,
  startScriptedOpenAI,
} from '../../../tests/support/scripted-openai';
import { decodePng, encodePng } from '../../imaging/png';
import { CRC_BASELINE, CRC_FOLLOW_UP } from '../../sandbox/demo/crc-metastatic-imaging';
import { generatePhantomSlice } from '../../sandbox/dicom/phantom';
import { lesionKeySlice } from '../../sandbox/dicom/phantom-spec';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { radiologyReportTool } from '.';

// biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the client sent
type Json = any;

const IMAGE_REPORT = {
  findings: ['Hypoattenuating lesion in the right liver lobe.'],
  impression: 'Focal liver lesion, suspicious for metastasis.',
  lesions: [{ description: 'Hypodense, well defined', location: 'Liver, segment VII', approxSizeMm: 28 }],
};
const COMPARISON = { comparison: 'The segment VII lesion is larger.', trend: 'progression' };

const schemaName = (body: Json): string => body?.response_format?.json_schema?.name;
const imageParts = (body: Json): Json[] =>
  body.messages
    .flatMap((m: Json) => (Array.isArray(m.content) ? m.content : []))
    .filter((p: Json) => p.type === 'image_url');

/** Answers each signature with a valid reply and the given usage. */
const valid: ChatScript = (body) =>
  schemaName(body) === 'radiology_comparison'
    ? reply.json(COMPARISON, { usage: [300, 40] })
    : reply.json(IMAGE_REPORT, { usage: [1000, 50], model: 'vision-test-2026-01' });

let script: ChatScript = valid;
let server: ScriptedOpenAI;
let dir: string;
let baseline: string;
let followUp: string;

const key = lesionKeySlice(CRC_BASELINE, CRC_BASELINE.lesions[0]!);
const ctx = (env: Record<string, string> = {}) => ({
  config: readToolConfig({
    OPENAI_BASE_URL: server.baseUrl,
    OPENAI_API_KEY: 'sk-test',
    ONCOAGENT_VISION_MODEL: 'vision-test',
    ...env,
  }),
});
const run = (args: unknown, env?: Record<string, string>) => runTool(radiologyReportTool, args, ctx(env));

beforeAll(async () => {
  server = await startScriptedOpenAI((body, i) => script(body, i));
  dir = mkdtempSync(join(tmpdir(), 'radiology-report-'));
  baseline = join(dir, 'baseline.dcm');
  followUp = join(dir, 'follow-up.dcm');
  writeFileSync(baseline, generatePhantomSlice(CRC_BASELINE, key).bytes);
  writeFileSync(followUp, generatePhantomSlice(CRC_FOLLOW_UP, key).bytes);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  server.requests.length = 0;
  script = valid;
});

describe('radiology_report with one image', () => {
  it('renders the DICOM phantom, sends it as a PNG data URL and parses the structured reply', async () => {
    const result = await run({ images: [{ image: baseline, label: 'CT 2026-08-18', date: '2026-08-18' }] });
    expect(result.status).toBe('ok');
    const [body] = server.chatRequests();
    expect(server.chatRequests()).toHaveLength(1);
    expect(body.model).toBe('vision-test');
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    const [part] = imageParts(body);
    expect(part.image_url.url).toMatch(/^data:image\/png;base64,/);
    // The PNG holds the slice windowed at the header's 40/400: check the pixel at the lesion's centre.
    const png = decodePng(Buffer.from(part.image_url.url.split(',')[1], 'base64'));
    expect([png.width, png.height]).toEqual([512, 512]);
    const slice = decodeSlice(generatePhantomSlice(CRC_BASELINE, key).bytes);
    const [cx, cy] = CRC_BASELINE.lesions[0]!.centerMm.map((mm) => Math.round(mm / CRC_BASELINE.pixelSpacingMm));
    const hu = slice.values[cy! * 512 + cx!]!;
    expect(png.rgba[(cy! * 512 + cx!) * 4]).toBe(Math.max(0, Math.min(255, Math.round(((hu + 160) / 400) * 255))));
    const text = JSON.stringify(body.messages);
    expect(text).toContain('Pixel size: 0.78 mm');
    expect(text).toContain('\\"CT 2026-08-18\\"');
    // Only pixels leave: no patient name or id from the DICOM header.
    expect(text).not.toContain('Brenner');
    expect(text).not.toContain('SBX-100201');

    const output = result.output as Json;
    expect(output.model).toBe('vision-test-2026-01');
    expect(output.perImage[0]).toMatchObject({
      index: 1,
      label: 'CT 2026-08-18',
      modality: 'CT',
      format: 'dicom',
      sentPx: [512, 512],
      window: { center: 40, width: 400 },
      ...IMAGE_REPORT,
    });
    expect(output.comparison).toBeUndefined();
    expect(output.usage).toEqual({ llmCalls: 1, promptTokens: 1000, completionTokens: 50 });
    expect(output.disclaimer).toBe("Machine-generated image description; not a radiologist's report.");
  });

  it('shrinks a large PNG to 512 px and says the pixel size is unknown', async () => {
    const big = join(dir, 'big.png');
    writeFileSync(big, encodePng(new Uint8Array(1024 * 600 * 4).fill(128), 1024, 600));
    const result = await run({ images: [{ image: big }] });
    expect(result.status).toBe('ok');
    const [body] = server.chatRequests();
    const png = decodePng(Buffer.from(imageParts(body)[0].image_url.url.split(',')[1], 'base64'));
    expect([png.width, png.height]).toEqual([512, 300]);
    expect(JSON.stringify(body.messages)).toContain('Pixel size: unknown.');
    expect((result.output as Json).perImage[0]).toMatchObject({ format: 'png', sentPx: [512, 300] });
  });
});

describe('radiology_report over time points', () => {
  it('compares two dates oldest first in one text-only call and sums usage over all calls', async () => {
    const result = await run({
      images: [
        { image: followUp, label: 'CT 2026-11-17', date: '2026-11-17' },
        { image: baseline, label: 'CT 2026-08-18', date: '2026-08-18' },
      ],
      question: 'Have the liver metastases grown?',
    });
    expect(result.status).toBe('ok');
    const requests = server.chatRequests();
    expect(requests.map(schemaName)).toEqual([
      'radiology_image_report',
      'radiology_image_report',
      'radiology_comparison',
    ]);
    const comparison = requests[2];
    expect(imageParts(comparison)).toHaveLength(0);
    const prompt = comparison.messages[1].content as string;
    expect(prompt.indexOf('CT 2026-08-18')).toBeLessThan(prompt.indexOf('CT 2026-11-17'));
    expect(prompt).toContain('Hypoattenuating lesion in the right liver lobe.');
    const output = result.output as Json;
    expect(output.comparison).toEqual({
      ...COMPARISON,
      timePoints: ['CT 2026-08-18, 2026-08-18', 'CT 2026-11-17, 2026-11-17'],
    });
    expect(output.perImage.map((p: Json) => p.index)).toEqual([1, 2]);
    expect(output.usage).toEqual({ llmCalls: 3, promptTokens: 2300, completionTokens: 140 });
  });

  it('makes no comparison for two images of one date, and says so', async () => {
    const result = await run({
      images: [
        { image: baseline, date: '2026-08-18' },
        { image: baseline, date: '2026-08-18', label: 'second look' },
      ],
    });
    expect(result.status).toBe('ok');
    expect(server.chatRequests().map(schemaName)).toEqual(['radiology_image_report', 'radiology_image_report']);
    expect((result.output as Json).comparison).toBeUndefined();
    expect(result.warnings).toEqual(['All images belong to one time point: no comparison was made.']);
  });
});

describe('radiology_report failures', () => {
  it('retries a malformed JSON reply once, then reports an error', async () => {
    script = () => reply.text('The liver shows a lesion.');
    const result = await run({ images: [{ image: baseline }] });
    expect(result.status).toBe('error');
    expect(result.message).toMatch(/unusable after 2 attempts: not JSON/);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('recovers when the retry is well formed, counting both calls', async () => {
    let calls = 0;
    script = (body, i) => (calls++ === 0 ? reply.malformed('no-choices') : valid(body, i));
    const result = await run({ images: [{ image: baseline }] });
    expect(result.status).toBe('ok');
    expect(server.chatRequests()).toHaveLength(2);
    expect((result.output as Json).usage.llmCalls).toBe(1);
  });

  it('returns a refusal as an error with the refusal text', async () => {
    script = () => reply.refusal("I'm sorry, I can't help with medical images.");
    const result = await run({ images: [{ image: baseline }] });
    expect(result.status).toBe('error');
    expect(result.message).toContain("I'm sorry, I can't help with medical images.");
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('survives HTTP 500 twice through the client retries', async () => {
    let calls = 0;
    script = (body, i) => (calls++ < 2 ? reply.httpError(500, 'overloaded') : valid(body, i));
    const result = await run({ images: [{ image: baseline }] });
    expect(result.status).toBe('ok');
    expect(server.chatRequests()).toHaveLength(3);
  });

  it('is unavailable without a configured vision model, before any request', async () => {
    const result = await runTool(
      radiologyReportTool,
      { images: [{ image: baseline }] },
      { config: readToolConfig({}) }
    );
    expect(result).toMatchObject({
      status: 'unavailable',
      message: 'no vision model configured: set ONCOAGENT_VISION_MODEL and OPENAI_BASE_URL',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('is unavailable when the endpoint cannot be reached', async () => {
    const result = await run({ images: [{ image: baseline }] }, { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect(result.status).toBe('unavailable');
    expect(result.message).toMatch(/Cannot reach the model endpoint at http:\/\/127\.0\.0\.1:9/);
  });

  it('rejects a file that is neither DICOM nor PNG without calling the model', async () => {
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'not an image');
    const result = await run({ images: [{ image: baseline }, { image: notes }] });
    expect(result.status).toBe('error');
    expect(result.message).toMatch(/^Image 2 \(.*notes\.txt\): Not a DICOM Part 10 file or a PNG/);
    expect(server.requests).toHaveLength(0);
  });

  it('rejects more than six images and malformed dates', async () => {
    expect((await run({ images: Array.from({ length: 7 }, () => ({ image: baseline })) })).status).toBe('error');
    const badDate = await run({ images: [{ image: baseline, date: '18.08.2026' }] });
    expect(badDate.message).toMatch(/YYYY-MM-DD/);
    expect(server.requests).toHaveLength(0);
  });
});
