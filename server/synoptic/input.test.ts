// Reading a DiagnosticReport's text: base64 text/plain presentedForm first, else the conclusion, and a clear
// issue that names what is missing, empty or unreadable.
import { describe, expect, it } from 'vitest';
import { decodeText, reportFromDiagnosticReport } from './input';

describe('report input', () => {
  it('reads text/plain presentedForm (base64), else the conclusion', () => {
    const data = Buffer.from('Gross: a 3 cm tumor.').toString('base64');
    expect(
      reportFromDiagnosticReport({
        resourceType: 'DiagnosticReport',
        id: 'r1',
        status: 'final',
        code: {},
        subject: { reference: 'Patient/p' },
        presentedForm: [
          { contentType: 'application/pdf', data: 'JVBE' },
          { contentType: 'text/plain; charset=utf-8', data },
        ],
      })
    ).toEqual({
      text: 'Gross: a 3 cm tumor.',
      key: 'r1',
      ref: 'DiagnosticReport/r1',
      subject: 'Patient/p',
    });
    expect(
      reportFromDiagnosticReport({
        resourceType: 'DiagnosticReport',
        id: 'r2',
        status: 'final',
        code: {},
        conclusion: 'CD99 negative.',
      }).text
    ).toBe('CD99 negative.');
  });

  it('names what is missing or unreadable', () => {
    expect(reportFromDiagnosticReport({ resourceType: 'DiagnosticReport', status: 'final', code: {} }).issue).toMatch(
      /neither a presentedForm nor a conclusion/
    );
    expect(
      reportFromDiagnosticReport({
        resourceType: 'DiagnosticReport',
        status: 'final',
        code: {},
        presentedForm: [{ contentType: 'application/pdf', data: 'JVBE' }],
      }).issue
    ).toMatch(/no text\/plain data \(application\/pdf\)/);
    const bad = Buffer.from([0x61, 0xc3, 0x28]).toString('base64');
    expect(
      reportFromDiagnosticReport({
        resourceType: 'DiagnosticReport',
        id: 'x',
        status: 'final',
        code: {},
        presentedForm: [{ data: bad }],
      }).issue
    ).toMatch(/not valid UTF-8 .* offset 1/);
    expect(decodeText(new Uint8Array())).toEqual({ text: '', issue: 'The report text is empty.' });
    expect(decodeText(Buffer.from('\uFEFFok'))).toEqual({ text: 'ok' });
  });
});
