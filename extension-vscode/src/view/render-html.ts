/**
 * The webview document hosting the shared dashboard bundle. Strict CSP: nothing remote, no inline script, only
 * the bundle's own files (served from the extension folder) and a nonce for the one script tag.
 */
export interface DashboardHtmlInput {
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
  title?: string;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

export function renderDashboardHtml(input: DashboardHtmlInput): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(contentSecurityPolicy(input.cspSource, input.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${escapeAttr(input.styleUri)}">
<title>${escapeAttr(input.title ?? 'context-mode')}</title>
</head>
<body data-transport="vscode">
<div id="app" role="main" aria-live="polite">Loading context-mode…</div>
<script nonce="${escapeAttr(input.nonce)}" src="${escapeAttr(input.scriptUri)}"></script>
</body>
</html>
`;
}

export function makeNonce(random: (n: number) => Uint8Array): string {
  return (
    Buffer.from(random(18))
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 24) || 'nonce'
  );
}
