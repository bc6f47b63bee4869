// A small, hand-written workup (two measurements → response → lookup) shared by the workup logic tests.
import type { AgentEvent, WorkupResult, WorkupToolCall } from '../../common/contracts';

const seg = (id: string, mm: number): WorkupToolCall => ({
  id,
  tool: 'segment_lesion',
  args: { image: `ImagingStudy/ct-${id}/series/1.2/instances/1.2.3`, box: [10, 10, 40, 40] },
  status: 'ok',
  output: { overlayPng: 'iVBORw0KGgo=', areaMm2: 400, longestDiameterMm: mm, shortAxisMm: mm - 4, engine: 'classical' },
  ms: 42,
});

export const TOOL_CALLS: WorkupToolCall[] = [
  seg('c1', 20),
  seg('c2', 28),
  {
    id: 'c3',
    tool: 'assess_response',
    args: {},
    status: 'ok',
    output: { category: 'PD', changeFromBaselinePct: 40, rule: 'sum grew ≥20 % and ≥5 mm from nadir' },
    ms: 1,
  },
  {
    id: 'c4',
    tool: 'variant_actionability',
    args: { gene: 'KRAS', alteration: 'G12C', tumorType: 'colorectal' },
    status: 'ok',
    output: {
      summary: 'KRAS G12C is oncogenic.',
      therapies: [
        {
          drugs: ['Sotorasib', 'Panitumumab'],
          level: '1',
          tumorType: 'Colorectal',
          matchType: 'this tumour type',
          source: 'FDA',
        },
      ],
      resistance: [],
    },
    ms: 3,
  },
  { id: 'c5', tool: 'predict_biomarkers', args: {}, status: 'unavailable', message: 'No histology features.', ms: 0 },
];

export const RESULT: WorkupResult = {
  id: 'w1',
  patient: { id: 'p1', name: 'Anna Test' },
  fhirBase: 'http://ehr.test/fhir',
  question: 'Did it grow?',
  mode: 'none',
  createdAt: '2025-01-01T00:00:00Z',
  toolCalls: TOOL_CALLS,
  findings: [
    { kind: 'response', text: 'Progressive disease (+40 %).', sources: ['tool:c3'] },
    { kind: 'therapy', text: 'Sotorasib + panitumumab for KRAS G12C.', sources: ['tool:c4', 'source:1'] },
    { kind: 'conflict', text: 'MSI reported MSS but predicted MSI-H.', sources: ['record:Observation/o1'] },
  ],
  evidence: [{ n: 1, sourceId: 'esmo', title: 'ESMO mCRC', section: 'KRAS G12C', text: 'Sotorasib…', year: 2023 }],
  answer: {
    markdown: '## Imaging\nThe liver lesion grew [Tool:c3].\n\n## Options\n- Sotorasib + panitumumab [1] [Tool:c4]',
    statements: [
      { text: 'The liver lesion grew.', citations: ['tool:c3'], supported: true },
      { text: 'Sotorasib + panitumumab.', citations: [1, 'tool:c4'], supported: false },
    ],
  },
  suggestions: ['Repeat MSI testing by IHC.'],
  usage: { llmCalls: 0, promptTokens: 0, completionTokens: 0 },
  timings: { total: 850 },
};

/** The events a run of {@link RESULT} streams, in order. */
export const EVENTS: AgentEvent[] = [
  { type: 'status', text: 'Reading the record' },
  { type: 'record', patient: RESULT.patient, counts: { Observation: 12 } },
  { type: 'plan', round: 1, calls: TOOL_CALLS.map((c) => ({ id: c.id, tool: c.tool, args: c.args, reason: 'r' })) },
  ...TOOL_CALLS.flatMap((c): AgentEvent[] => [
    { type: 'tool-start', call: { id: c.id, tool: c.tool, args: c.args, reason: '' } },
    { type: 'tool-end', call: c },
  ]),
  ...RESULT.findings.map((finding): AgentEvent => ({ type: 'finding', finding })),
  { type: 'evidence', evidence: RESULT.evidence },
  { type: 'answer', ...RESULT.answer },
  { type: 'done', result: RESULT },
];
