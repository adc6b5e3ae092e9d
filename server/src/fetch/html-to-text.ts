/**
 * A linear HTML → plain-markdown extraction, used when the full converter is refused (a page too large or too
 * deep) or runs out of time. One pass with indexOf: no recursion (a 2,000-deep page cannot overflow the stack)
 * and no backtracking pattern, so the cost stays proportional to the page. Headings, list items, paragraphs and
 * table rows keep their line structure; noise elements are skipped with their content.
 */
const SKIP_CONTENT = new Set([
  'head',
  'title',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'object',
  'embed',
  'select',
]);
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'br',
  'hr',
  'ul',
  'ol',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'pre',
  'blockquote',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'details',
  'summary',
]);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8}|#39);/gi, (m, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[name.toLowerCase()] ?? m;
  });
}

export function htmlToPlainMarkdown(html: string): string {
  const out: string[] = [];
  let at = 0;
  const text = (s: string) => {
    const t = decodeEntities(s.replace(/\s+/g, ' '));
    if (t.trim()) out.push(t);
  };
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) {
      text(html.slice(at));
      break;
    }
    if (lt > at) text(html.slice(at, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      at = end < 0 ? html.length : end + 3;
      continue;
    }
    const gt = html.indexOf('>', lt + 1);
    if (gt < 0) break;
    const m = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, Math.min(gt + 1, lt + 64)));
    at = gt + 1;
    if (!m) continue;
    const name = m[1]!.toLowerCase();
    const closing = html[lt + 1] === '/';
    if (!closing && SKIP_CONTENT.has(name)) {
      const close = new RegExp(`</${name}`, 'gi');
      close.lastIndex = at;
      const end = close.exec(html)?.index ?? -1;
      at = end < 0 ? html.length : html.indexOf('>', end) + 1 || html.length;
      continue;
    }
    if (/^h[1-6]$/.test(name)) out.push(closing ? '\n\n' : `\n\n${'#'.repeat(Number(name[1]))} `);
    else if (name === 'li') out.push(closing ? '' : '\n- ');
    else if (name === 'td' || name === 'th') out.push(closing ? ' |' : ' ');
    else if (BLOCK.has(name)) out.push('\n');
  }
  return out
    .join('')
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
