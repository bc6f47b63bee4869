// Macroscopic tumour perforation (CAP colon and rectum resection): a full-thickness defect through the tumour, told
// from perforation elsewhere, with negation kept to its clause and "cannot be assessed" answered as such.
import { describe, expect, it } from 'vitest';
import { makeDoc } from '../../text/doc';
import { findPerforation } from './wall';

const perforation = (text: string) => findPerforation(makeDoc(text))?.value ?? null;

describe('colorectal tumour perforation', () => {
  it('ends a negation at a contrastive conjunction or a semicolon (ConText terminators)', () => {
    expect(perforation('There is no stricture, but the carcinoma has perforated through the wall.')).toBe('Present');
    expect(perforation('No adhesions are seen; the growth is perforated at its centre.')).toBe('Present');
    expect(perforation('There is no gross evidence of serosal puckering, fistula or perforation.')).toBe(
      'Not identified'
    );
  });

  it('reads denial written after the word and as a prefix', () => {
    expect(perforation('Perforation (macroscopic): absent.')).toBe('Not identified');
    expect(perforation('Tumour perforation status: not identified.')).toBe('Not identified');
    expect(perforation('The lesion is a non-perforated ulcerating carcinoma.')).toBe('Not identified');
  });

  it('answers "Cannot be determined" when the report says perforation cannot be assessed', () => {
    expect(perforation('Perforation cannot be assessed as the bowel was opened in theatre.')).toBe(
      'Cannot be determined'
    );
    expect(perforation('Perforation could not be evaluated owing to fragmentation.')).toBe('Cannot be determined');
    // "cannot be assessed" of another item, joined by "and", does not reach the perforation.
    expect(perforation('No perforation is seen and the fascia cannot be assessed.')).toBe('Not identified');
  });

  it('does not count a perforation with another cause or away from the tumour', () => {
    expect(perforation('An iatrogenic perforation of the caecal pole is noted.')).toBe('Not identified');
    expect(perforation('A perforation lies 12 cm from the tumour in the transverse colon.')).toBe('Not identified');
    expect(perforation('The appendix is perforated and inflamed.')).toBe('Not identified');
  });

  it('keeps a perforation named at the tumour when the clause also mentions diverticula', () => {
    expect(perforation('Perforation through the tumour, with scattered diverticula in the descending colon.')).toBe(
      'Present'
    );
  });

  it('reads a full-thickness defect through the tumour and an intact serosa over it', () => {
    expect(perforation('There is a full-thickness defect through the tumour, 6 mm across.')).toBe('Present');
    expect(perforation('The serosa over the growth is intact.')).toBe('Not identified');
    expect(perforation('The bowel is dilated above the growth.')).toBeNull();
  });

  it('reads a perforation field whose value is on the next line', () => {
    expect(perforation('Macroscopic tumour perforation:\nNot identified\nTumour size: 3 cm')).toBe('Not identified');
    expect(perforation('Perforation:\nCannot be determined')).toBe('Cannot be determined');
  });
});
