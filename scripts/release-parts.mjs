// What each release artifact must carry and must not: one list, read by `npm run release` and its test.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The file paths inside a .tgz, .vsix or .zip (directories left out). For a plugin zip, the entries of each jar in
 * its lib/ follow as `<jar>!/<entry>`: where the IDE looks for META-INF/plugin.xml.
 */
export function listArtifact(file) {
  const text = file.endsWith('.tgz')
    ? execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
    : execFileSync('unzip', ['-Z1', file], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const entries = text.split('\n').filter((l) => l !== '' && !l.endsWith('/'));
  if (!file.endsWith('.zip')) return entries;
  const inJars = [];
  const scratch = mkdtempSync(join(tmpdir(), 'cm-release-jar-'));
  try {
    for (const jar of entries.filter((e) => /^[^/]+\/lib\/[^/]+\.jar$/.test(e))) {
      const copy = join(scratch, 'x.jar');
      writeFileSync(copy, execFileSync('unzip', ['-p', file, jar], { maxBuffer: 256 << 20 }));
      const listed = execFileSync('unzip', ['-Z1', copy], { encoding: 'utf8', maxBuffer: 64 << 20 });
      for (const e of listed.split('\n')) if (e !== '' && !e.endsWith('/')) inJars.push(`${jar}!/${e}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return [...entries, ...inJars];
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

// The JetBrains plugin zip, in the layout the IDE installs from disk (the one Gradle's buildPlugin writes): one top
// folder, the plugin's jars directly in its lib/ with META-INF/plugin.xml in exactly one of them, and the engine
// once, as the package folder it runs from and installs the managed runtime from (no tarball), dashboard inside.
const JB = 'context-mode-jetbrains';
const JETBRAINS_ZIP = {
  required: [
    `${JB}/lib/context-mode-jetbrains.jar`,
    `${JB}/lib/context-mode-core.jar`,
    `${JB}/lib/context-mode-jetbrains.jar!/META-INF/plugin.xml`,
    `${JB}/context-mode/engine/package.json`,
    `${JB}/context-mode/engine/bin/context-mode.cjs`,
    `${JB}/context-mode/engine/dist/cli.mjs`,
    `${JB}/context-mode/engine/dist/mcp.mjs`,
    `${JB}/context-mode/engine/dist/hook.cjs`,
    `${JB}/context-mode/engine/dist/dashboard/index.html`,
    `${JB}/context-mode/engine/dist/dashboard/dashboard.js`,
  ],
  // Each of these in exactly one place: a second engine or dashboard, or a second descriptor, is a packaging bug.
  once: [
    /\/bin\/context-mode\.cjs$/,
    /\/cli\.mjs$/,
    /\/dashboard\.js$/,
    /\/dashboard\/index\.html$/,
    /\.jar!\/META-INF\/plugin\.xml$/,
  ],
  forbidden: [
    /\.tgz$/,
    /\.map$/,
    // Anything outside the plugin's lib jars and its engine folder (a second top folder, loose classes, a jar
    // nested below lib/).
    new RegExp(`^(?!${JB}/lib/[^/]+\\.jar($|!/)|${JB}/context-mode/engine/)`),
  ],
};

/** The rule set for an artifact, by its file name. */
function rulesFor(name) {
  if (name.endsWith('.vsix')) return VSIX;
  if (name.endsWith('.zip')) return JETBRAINS_ZIP;
  if (name.endsWith('.tgz')) return TARBALL;
  throw new Error(`unknown artifact kind: ${name}`);
}

/**
 * Problems with an artifact's contents: each required part that is absent, each part carried more than once, each
 * forbidden one that is present.
 */
export function missingParts(name, entries) {
  const rules = rulesFor(name);
  const problems = [];
  for (const want of rules.required) {
    const found = typeof want === 'string' ? entries.includes(want) : entries.some((e) => want.test(e));
    if (!found) problems.push(`missing ${String(want)}`);
  }
  for (const one of rules.once ?? []) {
    const hits = entries.filter((e) => one.test(e));
    if (hits.length > 1) problems.push(`carries ${String(one)} ${hits.length} times: ${hits.join(', ')}`);
  }
  for (const bad of rules.forbidden) {
    const hit = entries.find((e) => bad.test(e));
    if (hit) problems.push(`must not carry ${hit}`);
  }
  return [...new Set(problems)];
}
