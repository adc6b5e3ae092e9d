// What each release artifact must carry and must not: one list, read by `npm run release` and its test.
import { execFileSync } from 'node:child_process';

/** The file paths inside a .tgz, .vsix or .zip (directories left out). */
export function listArtifact(file) {
  const text = file.endsWith('.tgz')
    ? execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
    : execFileSync('unzip', ['-Z1', file], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return text.split('\n').filter((l) => l !== '' && !l.endsWith('/'));
}

const TARBALL = {
  required: [
    'package/package.json',
    'package/README.md',
    'package/LICENSE',
    'package/bin/context-mode.cjs',
    'package/dist/cli.mjs',
    'package/dist/mcp.mjs',
    'package/dist/mcp-full.mjs',
    'package/dist/hook.cjs',
    'package/dist/dashboard/index.html',
    'package/dist/dashboard/dashboard.js',
  ],
  forbidden: [/\.map$/, /^package\/src\//, /^package\/test\//],
};

const VSIX = {
  required: [
    'extension/package.json',
    /^extension\/readme\.md$/i,
    'extension/dist/extension.js',
    // The vscode:uninstall hook: removes the launcher when the extension is uninstalled.
    'extension/dist/uninstall.js',
    'extension/engine/bin/context-mode.cjs',
    'extension/engine/package.json',
    'extension/engine/dist/cli.mjs',
    'extension/engine/dist/mcp.mjs',
    'extension/engine/dist/hook.cjs',
    'extension/engine/dist/dashboard/index.html',
    'extension/engine/dist/dashboard/dashboard.js',
  ],
  // The engine once: the package folder the extension runs and installs as the managed runtime, with the one
  // dashboard the sidebar shows; no tarball of it, no second dashboard, no sources, maps, dependencies or native
  // addons (one built for the packing machine would not load on the user's).
  forbidden: [
    /\.tgz$/,
    /\.node$/,
    /^extension\/dashboard\//,
    /\.map$/,
    /\.ts$/,
    /^extension\/node_modules\//,
    /^extension\/src\//,
    /^extension\/test\//,
  ],
};

const JETBRAINS_ZIP = {
  required: [
    /^context-mode-jetbrains\/lib\/context-mode-jetbrains\.jar$/,
    /^context-mode-jetbrains\/lib\/context-mode-core\.jar$/,
    'context-mode-jetbrains/context-mode/engine/bin/context-mode.cjs',
    'context-mode-jetbrains/context-mode/engine/dist/cli.mjs',
    'context-mode-jetbrains/context-mode/engine/dist/dashboard/index.html',
    /^context-mode-jetbrains\/context-mode\/ctxmode-[^/]+\.tgz$/,
  ],
  forbidden: [/\.map$/],
};

/** The rule set for an artifact, by its file name. */
function rulesFor(name) {
  if (name.endsWith('.vsix')) return VSIX;
  if (name.endsWith('.zip')) return JETBRAINS_ZIP;
  if (name.endsWith('.tgz')) return TARBALL;
  throw new Error(`unknown artifact kind: ${name}`);
}

/** Problems with an artifact's contents: each required part that is absent, each forbidden one that is present. */
export function missingParts(name, entries) {
  const rules = rulesFor(name);
  const problems = [];
  for (const want of rules.required) {
    const found = typeof want === 'string' ? entries.includes(want) : entries.some((e) => want.test(e));
    if (!found) problems.push(`missing ${String(want)}`);
  }
  for (const bad of rules.forbidden) {
    const hit = entries.find((e) => bad.test(e));
    if (hit) problems.push(`must not carry ${hit}`);
  }
  return problems;
}
