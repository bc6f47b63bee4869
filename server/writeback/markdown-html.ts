// A small, safe markdown → HTML renderer for the report's presentedForm: everything is escaped first, then only
// headings, lists, paragraphs, bold, inline code and http(s) links are turned into markup.

const escapeHtml = (s: string): string =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2">$1</a>');
}

/**
 * Renders markdown as an HTML fragment.
 * @param markdown - The cited answer (or any markdown).
 * @returns A `<div>` with the rendered content; raw HTML in the input is shown as text, never interpreted.
 */
export function markdownToHtml(markdown: string): string {
  const out: string[] = [];
  let list: 'ul' | 'ol' | undefined;
  let paragraph: string[] = [];
  const flush = (): void => {
    if (paragraph.length) out.push(`<p>${paragraph.map(inline).join('<br/>')}</p>`);
    paragraph = [];
  };
  const close = (): void => {
    if (list) out.push(`</${list}>`);
    list = undefined;
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      close();
      const level = Math.min(heading[1].length + 1, 6);
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
    } else if (bullet || numbered) {
      flush();
      const kind = bullet ? 'ul' : 'ol';
      if (list !== kind) {
        close();
        out.push(`<${kind}>`);
        list = kind;
      }
      out.push(`<li>${inline((bullet ?? numbered)?.[1] ?? '')}</li>`);
    } else if (line.trim() === '') {
      flush();
      close();
    } else {
      close();
      paragraph.push(line);
    }
  }
  flush();
  close();
  return `<div>${out.join('')}</div>`;
}
