// `npm run release`: builds every artifact a user installs into release/, each once, and checks each one's parts:
//   ctxmode-<v>.tgz            the npm package (`npm pack` of server/): CLI, MCP server, hooks, dashboard
//   context-mode-vscode-<v>.vsix  the VS Code extension: its bundle and the engine package (with the dashboard), once
//   context-mode-<v>.zip       the JetBrains plugin (plugin-jetbrains/scripts/build-and-test.sh --zip-only): its jars
//                              in lib/ and the engine package folder (with the dashboard), once
//   SHA256SUMS                 `sha256sum -c SHA256SUMS` checks them
// Fails (exit 1) when an artifact lacks a part it needs, carries one twice, or carries one it must not, or when
// `npm publish --dry-run` of the tarball or of server/ (scripts/publish-dry-run.mjs, offline) fails or warns. The
// JetBrains zip needs a JDK (javac, jar) and the Kotlin compiler (npm package kotlin-compiler, cached under
// ~/.cache/context-mode-ci);
// `--skip-jetbrains` builds the other two when no JDK is installed — the run then says so, it is never silent.
// `--out <dir>` writes elsewhere than release/; `--no-build` packs the server/dist already built (for tests).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishDryRun } from './publish-dry-run.mjs';
import { listArtifact, missingParts } from './release-parts.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? resolve(args[outAt + 1]) : join(repo, 'release');
const skipJetBrains = args.includes('--skip-jetbrains');
const run = (cmd, args, cwd = repo) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
const has = (cmd) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (!skipJetBrains && !['javac', 'jar', 'java'].every(has)) {
  console.error(
    'release: the JetBrains plugin zip needs a JDK 17+ (javac, jar, java) on PATH.\n' +
      'Install one (Debian/Ubuntu: apt-get install default-jdk-headless junit5), or run `npm run release -- --skip-jetbrains`.',
  );
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
if (!args.includes('--no-build')) {
  console.error('release: building server/dist');
  run('npm', ['run', 'build', '--silent']);
}

const { version } = JSON.parse(readFileSync(join(repo, 'server/package.json'), 'utf8'));
console.error('release: npm package');
run('npm', ['pack', '--silent', '--pack-destination', out], join(repo, 'server'));
const artifacts = [join(out, `ctxmode-${version}.tgz`)];

console.error('release: VS Code extension');
const vsix = join(out, `context-mode-vscode-${version}.vsix`);
run(process.execPath, [join(repo, 'extension-vscode/scripts/package-vsix.mjs'), vsix]);
artifacts.push(vsix);

if (skipJetBrains) console.error('release: JetBrains plugin zip SKIPPED (--skip-jetbrains)');
else {
  console.error('release: JetBrains plugin zip');
  const lines = run('bash', [join(repo, 'plugin-jetbrains/scripts/build-and-test.sh'), '--zip-only']).split('\n');
  const zip = join(out, basename(lines[lines.length - 1]));
  copyFileSync(lines[lines.length - 1], zip);
  artifacts.push(zip);
}

let failed = false;
for (const file of artifacts) {
  const problems = missingParts(basename(file), listArtifact(file));
  for (const p of problems) console.error(`release: ${basename(file)}: ${p}`);
  failed ||= problems.length > 0;
}
// The package is published as the tarball or from server/ (`npm publish`): either way npm must accept it with no
// warning (npm rewrites a manifest it finds sloppy, and says so only from the folder) and upload exactly the
// tarball's files.
console.error('release: npm publish --dry-run of the tarball and of server/ (registry stub on 127.0.0.1)');
const packed = listArtifact(artifacts[0])
  .map((e) => e.replace(/^package\//, ''))
  .sort();
const publishProblems = [];
for (const [what, spec, cwd] of [
  [basename(artifacts[0]), artifacts[0], repo],
  ['server/', '.', join(repo, 'server')],
]) {
  const run = await publishDryRun(spec, { name: 'ctxmode', cwd });
  if (run.status !== 0) publishProblems.push(`${what}: npm publish --dry-run exited ${run.status}:\n${run.stderr}`);
  else if (/^npm warn/m.test(run.stderr)) publishProblems.push(`${what}: npm publish --dry-run warns:\n${run.stderr}`);
  else if (JSON.stringify(run.files) !== JSON.stringify(packed))
    publishProblems.push(`${what}: npm publish --dry-run would upload other files than the tarball holds`);
}
for (const p of publishProblems) console.error(`release: ${p}`);
if (failed || publishProblems.length) process.exit(1);

const sums = artifacts.map((f) => `${createHash('sha256').update(readFileSync(f)).digest('hex')}  ${basename(f)}`);
writeFileSync(join(out, 'SHA256SUMS'), sums.join('\n') + '\n');
for (const f of readdirSync(out)) console.log(join(out, f));
