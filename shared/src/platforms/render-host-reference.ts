import { allHosts } from './host-table.js';
import { paradigmOf } from './host-capabilities.js';
import { observationOf } from './observations.js';
import type { Capabilities, HostRecord, OsPaths, ProcesslessHooks, SavedOutput } from './types.js';

/**
 * The per-host reference of docs/hosts.md, rendered from the host table so the document cannot drift from the
 * facts the code runs on. scripts/generate-configs.ts writes it between the markers below; a test checks it.
 */
const HOST_REFERENCE_BEGIN = '<!-- host-reference:begin (generated from shared/src/platforms; do not edit) -->';
const HOST_REFERENCE_END = '<!-- host-reference:end -->';

const CAPABILITY_LABELS: Record<keyof Capabilities, string> = {
  block: 'block a call',
  modifyArgs: 'rewrite arguments',
  modifyOutput: 'replace tool output',
  injectContext: 'inject context',
  preCompact: 'pre-compact event',
  sessionStart: 'session-start event',
};

/** A link relative to docs/ when the fact points at a file of this repository, else the URL itself. */
function link(target: string): string {
  if (/^https?:\/\//.test(target)) return `<${target}>`;
  return `[${target}](../${target})`;
}

function linuxPath(paths: OsPaths | undefined): string | undefined {
  return paths?.linux ?? paths?.darwin ?? paths?.win32;
}

function processlessText(p: ProcesslessHooks): string {
  if (p.kind === 'in-process') return 'every hook (an in-process plugin)';
  if (p.kind === 'none') return `none${p.hostVersion ? ` in ${p.hostVersion}` : ''}; each hook is a process`;
  return `\`mcp_tool\` hooks on our server for ${p.events.map((e) => `\`${e}\``).join(', ')} (${p.hostVersion}); command hooks for the rest`;
}

function configLines(host: HostRecord): string[] {
  const p = host.paths.value;
  const lines: string[] = [];
  if (p.mcpConfig) {
    const where = [p.mcpConfig.project, linuxPath(p.mcpConfig.user)].filter(Boolean).map((s) => `\`${s}\``);
    lines.push(`- MCP registration: ${where.join(' or ')} (${p.mcpConfig.format}, key \`${p.mcpConfig.key}\`)`);
  }
  if (p.hooksFile && host.hookSetup) {
    const where = [p.hooksFile.project, linuxPath(p.hooksFile.user)].filter(Boolean).map((s) => `\`${s}\``);
    lines.push(`- Hooks file: ${where.join(' or ')} (layout \`${host.hookSetup.value.layout}\`)`);
  } else if (host.hookSetupSkipped) {
    lines.push(`- Hooks: not written by setup — ${host.hookSetupSkipped}`);
  }
  const processless = host.processlessHooks;
  if (processless)
    lines.push(`- Hooks without a process: ${processlessText(processless.value)} (<${processless.docs}>)`);
  lines.push(`- Instruction file: \`${host.instructionFile.value}\``);
  if (p.configDirEnv) lines.push(`- Config directory moves with \`${p.configDirEnv}\``);
  return lines;
}

/** The facts a real host was seen doing, grouped by the suite file that shows them, each with its test's name. */
function observationLines(host: HostRecord): string[] {
  const byFile = new Map<string, string[]>();
  for (const key of Object.keys(host)) {
    const o = observationOf(host.id, key);
    if (!o) continue;
    const heading = `- Observed with ${host.displayName} ${o.version} (${link(o.test)}):`;
    const list = byFile.get(heading) ?? [];
    list.push(`  - \`${key}\`: \`${o.name}\``);
    byFile.set(heading, list);
  }
  return [...byFile].flatMap(([heading, list]) => [heading, ...list]);
}

/** Where the host keeps a cut output whole, as the hooks look for it. */
function savedOutputLine(s: SavedOutput, docs: string): string {
  const where = [
    s.pathField
      ? `\`${s.pathField}\` in the ${s.fieldsIn === 'result-metadata' ? "result's metadata" : 'tool response'}`
      : '',
    s.textMarker ? `the text matching \`${s.textMarker}\`` : '',
  ].filter(Boolean);
  const held = [s.dir ? `in a \`${s.dir}\` folder` : '', s.fileName ? `named like \`${s.fileName}\`` : '']
    .filter(Boolean)
    .join(', ');
  const same = s.sameOutput === 'begins-with' ? 'begins with the passed text' : 'holds lines of the passed text';
  return (
    `- Saved output (a cut output kept whole): path from ${where.join(' or ')}${held ? `, ${held}` : ''}; ` +
    `read when it ${same}${s.sizeField ? `; size in \`${s.sizeField}\`` : ''} (${link(docs)})`
  );
}

function renderHost(host: HostRecord): string {
  const caps = host.capabilities.value;
  const can = (Object.keys(CAPABILITY_LABELS) as (keyof Capabilities)[])
    .filter((k) => caps[k])
    .map((k) => CAPABILITY_LABELS[k]);
  const cannot = (Object.keys(CAPABILITY_LABELS) as (keyof Capabilities)[])
    .filter((k) => !caps[k])
    .map((k) => CAPABILITY_LABELS[k]);
  const events = Object.entries(host.hookEvents.value).map(([name, canonical]) => `\`${name}\` → ${canonical}`);
  const lines = [
    `### ${host.displayName} (\`${host.id}\`)`,
    '',
    `- Setup: \`ctxmode setup --host ${host.id}\` · wiring: ${paradigmOf(host)}, answer dialect \`${host.dialect.value}\` · docs: ${link(host.docs)}`,
    `- MCP tools reach the model as \`${host.toolNaming.value.replace('{tool}', 'ctx_execute')}\` (${link(host.toolNaming.docs)})`,
    `- Hook events: ${events.length ? events.join(', ') : 'none'}`,
    `- Hooks can: ${can.length ? can.join(', ') : 'nothing'}${cannot.length ? `; cannot: ${cannot.join(', ')}` : ''}`,
  ];
  const gates = host.versionGates?.value;
  if (gates && Object.keys(gates).length) {
    lines.push(
      `- Version gates: ${Object.entries(gates)
        .map(([cap, v]) => `${cap} from ${v}`)
        .join(', ')} (${link(host.versionGates!.docs)})`,
    );
  }
  if (caps.modifyOutput && host.outputReplacement) {
    const observed = host.outputReplacementObserved;
    lines.push(
      `- Output replacement: ${host.outputReplacement.value === 'all-tools' ? 'every tool' : 'MCP tools only'}; ` +
        (observed
          ? `seen applied by the real host ${observed.value.hostVersion} (${link(observed.docs)}), so the ledger counts it`
          : 'not yet seen applied by a real host, so the ledger does not count it as saved'),
    );
  }
  if (host.shellRedirect)
    lines.push(
      `- Shell redirects: answered as a deny whose reason is the guidance (the model reads it once, as written), not as a command rewritten to print it (${link(host.shellRedirect.docs)})`,
    );
  if (host.savedOutput) lines.push(savedOutputLine(host.savedOutput.value, host.savedOutput.docs));
  lines.push(...configLines(host));
  lines.push(...observationLines(host));
  if (host.setupNote) lines.push(`- After setup: ${host.setupNote.value} (${link(host.setupNote.docs)})`);
  return lines.join('\n');
}

/** The generated block, markers included. */
function renderHostReference(hosts: readonly HostRecord[] = allHosts()): string {
  return [HOST_REFERENCE_BEGIN, '', ...hosts.map(renderHost).flatMap((s) => [s, '']), HOST_REFERENCE_END].join('\n');
}

/** `doc` with its generated block replaced by the current rendering; throws when the markers are missing. */
export function withHostReference(doc: string, hosts?: readonly HostRecord[]): string {
  const begin = doc.indexOf(HOST_REFERENCE_BEGIN);
  const end = doc.indexOf(HOST_REFERENCE_END);
  if (begin < 0 || end < begin) throw new Error('docs/hosts.md lacks the host-reference markers');
  return doc.slice(0, begin) + renderHostReference(hosts) + doc.slice(end + HOST_REFERENCE_END.length);
}
