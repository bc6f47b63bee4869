// "Print / Save as PDF" and "Copy as text" for the workup report: the browser's print dialog (with the print
// stylesheet, only the report remains) and a plain-text copy for pasting into a clinical note.
import { type ReactNode, type RefObject, useState } from 'react';

/**
 * The report's visible text as a note: the lines of the report, without its buttons or the print-only footnote marks
 * doubled, blank runs collapsed.
 * @param node - The report's element.
 * @returns The text.
 */
export function reportText(node: HTMLElement): string {
  const copy = node.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('.report-actions, .no-copy, details:not([open]) > :not(summary)')) {
    hidden.remove();
  }
  // biome-ignore lint/performance/useDomNodeTextContent: innerText keeps the line breaks a note needs
  const text = (copy as HTMLElement & { innerText?: string }).innerText || copy.textContent || '';
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The report's print and copy buttons.
 * @param props - The report's element.
 * @returns The toolbar.
 */
export function ReportActions({ target }: { target: RefObject<HTMLElement | null> }): ReactNode {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const copy = async (): Promise<void> => {
    const node = target.current;
    if (!node) return;
    try {
      await navigator.clipboard.writeText(reportText(node));
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="report-actions" data-testid="report-actions">
      <button type="button" className="button button-quiet" data-testid="print-report" onClick={() => window.print()}>
        Print / Save as PDF
      </button>
      <button type="button" className="button button-quiet" data-testid="copy-report" onClick={() => void copy()}>
        Copy as text
      </button>
      {copied && (
        <span className="muted" role="status" data-testid="copy-status">
          {copied === 'copied'
            ? 'Copied to the clipboard.'
            : 'The browser refused the clipboard: select the text instead.'}
        </span>
      )}
    </div>
  );
}
