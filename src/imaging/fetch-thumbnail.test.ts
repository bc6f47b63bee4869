// Checks that a WADO-RS answer yields its DICOM bytes, and that non-DICOM answers fail with a readable message.
import { describe, expect, it } from 'vitest';
import { buildMultipartRelated } from '../../common/dicom/multipart';
import { dicomBytes } from './fetch-thumbnail';

const enc = new TextEncoder();

describe('dicomBytes', () => {
  it('takes the application/dicom part of a multipart/related answer', () => {
    const dicom = enc.encode('DICM-bytes');
    const body = buildMultipartRelated([{ contentType: 'application/dicom', body: dicom }], 'b0undary');
    const bytes = dicomBytes(body, 'multipart/related; type="application/dicom"; boundary=b0undary');
    expect(new TextDecoder().decode(bytes)).toBe('DICM-bytes');
  });

  it('accepts a bare application/dicom answer', () => {
    const dicom = enc.encode('raw');
    expect(dicomBytes(dicom, 'application/dicom')).toBe(dicom);
  });

  it('names what came back instead of DICOM', () => {
    expect(() => dicomBytes(enc.encode('<html>'), 'text/html')).toThrow(/answered with text\/html, not DICOM/);
  });
});
