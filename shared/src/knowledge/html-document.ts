/**
 * Which `.html` files are documents to read (indexed as their text, by sections) and which are templates of a
 * code project (indexed as they are, because a developer searches them for tags, bindings and class names).
 */

/**
 * Turns the HTML of a file into markdown. Supplied by the caller (the server's converter runs off the event
 * loop); `fallback` says why a plainer extraction was used instead of the full conversion.
 */
export type HtmlConverter = (html: string, path: string) => Promise<{ markdown: string; fallback?: string }>;

export function isHtmlPath(path: string): boolean {
  return /\.(?:html?|xhtml)$/i.test(path);
}

// Template syntax of the common engines (Jinja/Django/Liquid/Handlebars/Angular interpolation, ERB/EJS/JSP,
// Angular/Vue/Alpine/Thymeleaf attributes). Inside <pre>/<code>/<script> these are documentation *about* a
// template engine, so those elements are cut out before looking.
const TEMPLATE_SYNTAX =
  /\{\{|\{%|<%|\s\*ng[A-Z]\w*=|\s\[\(?[\w.-]+\)?\]=|\s\([\w.-]+\)=|\sv-(?:if|for|bind|on|model|show|slot)\b|\s[:@][\w.-]+=|\sx-(?:data|bind|on|show|if|for)\b|\sth:\w+=/;

/** How much of a file the template check reads: the markers show up early in any real template. */
const SCAN_BYTES = 256 * 1024;

/** The text with <pre>, <code>, <script>, <style> and <textarea> elements removed (one linear pass). */
function withoutLiteralElements(html: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let at = 0;
  const open = /<(pre|code|script|style|textarea)[\s>]/g;
  for (let m = open.exec(lower); m; m = open.exec(lower)) {
    if (m.index < at) continue;
    out += html.slice(at, m.index);
    const close = lower.indexOf(`</${m[1]}`, m.index);
    if (close < 0) return out;
    at = close;
    open.lastIndex = close;
  }
  return out + html.slice(at);
}

/**
 * The rule: an HTML file is converted when it is a whole page (`<!doctype html>`, `<html>` or `<body>`) or a
 * fragment with both headings and paragraphs (a saved article or a doc generator's partial), and it carries
 * no template syntax outside its code samples. Generated documentation (typedoc, javadoc, Sphinx, mdBook,
 * saved pages) is whole pages of prose, where tags are noise. A component or page template (Angular, Vue,
 * Django, Jinja, ERB) is code: its tags, bindings and class names are what a developer searches for, so it is
 * indexed as it is, even when it is a whole page like a Django `base.html`.
 */
export function isHtmlDocument(html: string): boolean {
  const head = html.slice(0, SCAN_BYTES);
  if (TEMPLATE_SYNTAX.test(withoutLiteralElements(head))) return false;
  if (/<!doctype\s+html|<html[\s>]|<body[\s>]/i.test(head)) return true;
  return /<h[1-6][\s>]/i.test(head) && /<p[\s>]/i.test(head);
}
