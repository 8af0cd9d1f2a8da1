import type { HandlerResult } from './handler-types.js';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A page a person reads in a browser (a borrower who followed a payment link): plain HTML with its
 * language, title and one heading, no script, style or outside resource, so it reads the same on any
 * phone and passes an accessibility check as it is.
 */
export function htmlPage(
  status: number,
  title: string,
  paragraphs: string[],
  headers: Record<string, string> = {},
): HandlerResult {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
</main>
</body>
</html>
`;
  return {
    status,
    body: Buffer.from(html, 'utf8'),
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Referrer-Policy': 'no-referrer', ...headers },
  };
}

/** An error of an operation whose answers are pages (error family `page`): the error's message as a page. */
export function errorPage(status: number, message: string, headers: Record<string, string> = {}): HandlerResult {
  const title = status >= 500 ? 'Please try again in a moment' : 'This link cannot be used';
  return htmlPage(status, title, [message], headers);
}
