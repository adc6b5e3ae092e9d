import type TurndownService from 'turndown';

/** Elements that carry no readable content for a model: chrome, scripts, embedded media. */
const NOISE_ELEMENTS = [
  'head',
  'title',
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'header',
  'footer',
  'aside',
  'svg',
  'canvas',
  'iframe',
  'object',
  'embed',
  'form',
  'button',
  'select',
  'dialog',
] as const;

/**
 * ARIA landmark roles that mark chrome on pages whose chrome is plain `<div>`s (Sphinx sidebars and "related"
 * bars, many generated doc sites): navigation, search, sidebars, site banner and footer.
 */
const NOISE_ROLES = new Set(['navigation', 'search', 'complementary', 'banner', 'contentinfo']);

let service: Promise<TurndownService> | undefined;
// The page URL relative links resolve against; set around each synchronous turndown() call.
let currentBase: string | undefined;

/**
 * Turndown with the GFM plugin (tables, strikethrough, task lists, highlighted code), ATX headings and
 * fenced code. Loaded on first use (dynamic import) so the HTML parser never costs server start-up.
 */
function turndown(): Promise<TurndownService> {
  service ??= (async () => {
    const [{ default: Turndown }, gfmModule] = await Promise.all([
      import('turndown'),
      import('@joplin/turndown-plugin-gfm'),
    ]);
    const { gfm } = ((gfmModule as { default?: unknown }).default ?? gfmModule) as {
      gfm: TurndownService.Plugin;
    };
    const td = new Turndown({
      headingStyle: 'atx',
      codeBlockStyle: 'fenced',
      bulletListMarker: '-',
      emDelimiter: '_',
    });
    td.use(gfm);
    td.remove([...NOISE_ELEMENTS] as TurndownService.Filter);
    td.remove((node) => NOISE_ROLES.has((node.getAttribute('role') ?? '').trim().toLowerCase()));
    // In-page anchors (heading permalinks, "¶") are noise in an index: keep their text only. Other links
    // become absolute, so a follow-up fetch can use them as they are.
    td.addRule('links', {
      filter: (node) => node.nodeName === 'A' && node.getAttribute('href') !== null,
      replacement: (content, node) => {
        const href = (node as unknown as { getAttribute(name: string): string | null }).getAttribute('href')!.trim();
        const text = content.trim();
        if (!text || /^[¶#§🔗]$/u.test(text)) return '';
        if (href === '' || href.startsWith('#') || /^javascript:/i.test(href)) return content;
        let url = href;
        try {
          if (currentBase) url = new URL(href, currentBase).href;
        } catch {
          // Keep the href as written.
        }
        return `[${content}](${url})`;
      },
    });
    return td;
  })();
  return service;
}

/** The page title from `<title>`, entity-decoded minimally; undefined when absent. */
function htmlTitle(html: string): string | undefined {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const t = m?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return t || undefined;
}

/**
 * HTML → markdown. Only the `<main>` (or `<article>`) element is kept when the page has exactly one, which
 * drops site chrome that is not marked up as nav/header/footer. The title becomes the first heading when the
 * body has none, so chunks carry a meaningful title.
 */
export async function htmlToMarkdown(html: string, baseUrl?: string): Promise<string> {
  const td = await turndown();
  const focus = singleElement(html, 'main') ?? singleElement(html, 'article') ?? html;
  currentBase = baseUrl;
  let md: string;
  try {
    md = td
      .turndown(focus)
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  } finally {
    currentBase = undefined;
  }
  const title = htmlTitle(html);
  if (title && !/^#\s/m.test(md)) md = `# ${title}\n\n${md}`;
  return md;
}

function singleElement(html: string, tag: string): string | undefined {
  const open = new RegExp(`<${tag}[\\s>]`, 'gi');
  const matches = html.match(open);
  if (!matches || matches.length !== 1) return undefined;
  const start = html.search(new RegExp(`<${tag}[\\s>]`, 'i'));
  const end = html.toLowerCase().lastIndexOf(`</${tag}>`);
  if (start < 0 || end < start) return undefined;
  return html.slice(start, end + tag.length + 3);
}
