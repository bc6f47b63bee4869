// Renders the synoptic form to static HTML: pre-filled inputs, evidence under each answer (as text, never markup),
// conflicting and uncertain items flagged.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Extraction } from '../../synoptic/api';
import { SynopticForm } from './SynopticForm';

const item = (over: Partial<Extraction['view']['items'][number]>): Extraction['view']['items'][number] => ({
  linkId: 'x',
  text: 'X',
  type: 'choice',
  value: null,
  evidence: [],
  explanation: '',
  method: 'rules',
  flaggedBy: [],
  ...over,
});

const extraction = {
  view: {
    template: { id: 'cap-colorectal-resection', url: 'u', version: '1', title: 'Colon and rectum resection' },
    reportKey: 'r1',
    items: [
      item({
        linkId: 'margin-status',
        text: 'Gross margin status',
        value: 'Uninvolved by tumor',
        code: 'uninvolved',
        options: [
          { code: 'uninvolved', display: 'Uninvolved by tumor' },
          { code: 'involved', display: 'Involved by tumor' },
        ],
        evidence: ['The mass lies 0 cm from the <b>radial</b> margin.'],
      }),
      item({
        linkId: 'tumor-size',
        text: 'Tumor size, greatest dimension (cm)',
        type: 'decimal',
        unit: 'cm',
        value: 4.6,
        evidence: ['4.6 x 3.9 x 1.2 cm'],
        uncertain: [4.6, 3.9],
      }),
    ],
    violations: [{ rule: 'margin', items: ['margin-status'], message: 'Uninvolved, but a distance is 0 cm.' }],
    uncertain: [],
    issues: [],
    reasoning: {
      mode: 'offline',
      stop: 'offline',
      rounds: [],
      usage: { llmCalls: 0, promptTokens: 0, completionTokens: 0 },
    },
  },
  response: { resourceType: 'QuestionnaireResponse', status: 'in-progress' },
} as unknown as Extraction;

describe('SynopticForm', () => {
  const html = renderToStaticMarkup(<SynopticForm extraction={extraction} text="" onApproved={() => {}} />);

  it('pre-fills each input and quotes the evidence as text', () => {
    expect(html).toMatch(/<option value="uninvolved" selected="">Uninvolved by tumor<\/option>/);
    expect(html).toMatch(
      /data-testid="synoptic-input-tumor-size"[^>]*value="4.6"|value="4.6"[^>]*data-testid="synoptic-input-tumor-size"/
    );
    expect(html).toContain('data-testid="synoptic-evidence"');
    expect(html).toContain('&lt;b&gt;radial&lt;/b&gt;');
    expect(html).not.toContain('<b>radial</b>');
    expect(html).not.toContain('(cm) (cm)');
  });

  it('flags conflicting and uncertain items', () => {
    expect(html).toMatch(/data-link-id="margin-status" data-flagged="true"/);
    expect(html).toMatch(/data-link-id="tumor-size" data-flagged="false" data-uncertain="true"/);
    expect(html).toContain('Uninvolved, but a distance is 0 cm.');
    expect(html).toContain('switching between 4.6 and 3.9');
  });
});

describe('SynopticForm on a report the template does not fit', () => {
  const biopsy = {
    ...extraction,
    view: {
      ...extraction.view,
      issues: [
        'The report describes a biopsy, not a resection specimen: the CAP colon and rectum resection template does not apply; procedure and margin status were not answered.',
      ],
      notApplicable:
        'The report describes a biopsy, not a resection specimen: the CAP colon and rectum resection template does not apply; procedure and margin status were not answered.',
    },
  } as Extraction;
  const html = renderToStaticMarkup(
    <SynopticForm extraction={biopsy} text="" onApproved={() => {}} onCancel={() => {}} onChooseTemplate={() => {}} />
  );

  it('cannot be approved, says why, and keeps Cancel and another template within reach', () => {
    expect(html).toContain('data-applies="false"');
    expect(html).toMatch(/data-testid="synoptic-approve" disabled=""/);
    expect(html).toContain('This form cannot be approved: the report describes a biopsy');
    expect(html).toContain('data-testid="synoptic-cancel"');
    expect(html).toContain('Choose another template');
  });

  it('stays approvable, with Cancel, when the template applies', () => {
    const fits = renderToStaticMarkup(
      <SynopticForm extraction={extraction} text="" onApproved={() => {}} onCancel={() => {}} />
    );
    expect(fits).toContain('data-applies="true"');
    expect(fits).not.toMatch(/data-testid="synoptic-approve" disabled=""/);
    expect(fits).toContain('data-testid="synoptic-cancel"');
  });
});
