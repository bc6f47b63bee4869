// Tiny HTML helpers for the sandbox's own pages (EHR, patient picker, errors); every value is escaped.
import type { Context } from 'hono';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Wraps a body in a minimal page with the sandbox's look.
 * @param title - Page title (escaped here).
 * @param body - Already-escaped HTML.
 * @returns The page.
 */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#eef1f5;color:#1c2733}
header{background:#234;color:#fff;padding:12px 24px;font-weight:600}
main{max-width:960px;margin:24px auto;padding:0 16px}
table{width:100%;border-collapse:collapse;background:#fff;box-shadow:0 1px 3px #0002}
th,td{text-align:left;padding:10px 12px;border-bottom:1px solid #e3e7ec}
th{background:#f6f8fa;font-size:13px;text-transform:uppercase;letter-spacing:.03em;color:#556}
button,.button{background:#1f6feb;color:#fff;border:0;border-radius:4px;padding:7px 14px;font:inherit;cursor:pointer;text-decoration:none;display:inline-block}
.note{color:#556;font-size:13px}.error{background:#fff;border-left:4px solid #c62828;padding:12px 16px}
</style></head><body><header>${escapeHtml(title)}</header><main>${body}</main></body></html>`;
}

/**
 * Answers with one of the sandbox's pages, never cached and never framed (login, consent and the patient picker
 * must not be clickjacked).
 * @param c - The Hono context.
 * @param html - The page.
 * @param status - HTTP status (default 200).
 * @returns The response.
 */
export function sendPage(c: Context, html: string, status: 200 | 400 | 401 | 403 | 429 = 200): Response {
  c.header('Cache-Control', 'no-store');
  c.header('X-Frame-Options', 'DENY');
  c.header('Content-Security-Policy', "frame-ancestors 'none'");
  return c.html(html, status);
}
