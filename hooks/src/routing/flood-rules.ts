/**
 * Per-program rules: does this one command, as written, print an unbounded amount to stdout? Each rule looks
 * only at the program's own arguments; whether a later pipeline stage or a redirect contains the output is
 * decided by the caller (shell-floods.ts). Rules name the ctx_* call that does the job instead.
 *
 * This module is the table of which rule reads which program; the rules live in rules/, one module per kind of
 * output, and the argument helpers and name patterns they share in flood-rule-helpers.ts.
 */
import { binaryVerdict, type Flood, type Rule, type RuleContext } from './flood-rule-helpers.js';
import { disassembly, hexDumpOfWholeFile, readelfFullDump, symbolsOfLibrary } from './rules/binary-dumps.js';
import {
  dumpToStdout,
  mongoexportToStdout,
  mongoFindEveryDocument,
  redisEveryKeyOrStream,
  sqlEveryRow,
  supabaseDumpToStdout,
} from './rules/databases.js';
import {
  buildLog,
  cargoWholeTree,
  composerWholeTree,
  everyInstalledPackage,
  goModuleGraph,
  npmWholeTree,
  pipFilesOfPackage,
  yarnWholeTree,
} from './rules/dependencies-and-builds.js';
import {
  htopInteractive,
  pingUntilStopped,
  printsUntilStopped,
  reportEveryInterval,
  topRedraw,
  traceEveryEvent,
  vmstatEveryInterval,
  watchRerun,
} from './rules/endless-sources.js';
import {
  deepTree,
  duEveryEntry,
  findOverBigTree,
  locateEveryMatch,
  lsRecursiveOrCrowdedDir,
  recursiveGrepOverBigTree,
  ripgrepOverBigTree,
} from './rules/file-listing-and-search.js';
import {
  getContentWithoutBound,
  headOrTailBeyondAPage,
  jqIdentityOverBigFile,
  lineFilterOverBigFile,
  wholeFileReader,
} from './rules/file-readers.js';
import { either } from './rules/flag-rule.js';
import {
  curlBodyToStdout,
  httpieBodyToStdout,
  powershellWebResponse,
  textBrowserPage,
  wgetToStdout,
} from './rules/http-clients.js';
import {
  awsListingOrLogs,
  bucketListing,
  composeLogsWithoutBound,
  dockerLogsOrStreams,
  flyLogsTail,
  gcloudLogsWithoutLimit,
  helmManifests,
  herokuLogsTail,
  journalWithoutBound,
  kubectlLogsOrManifests,
  pm2LogsStream,
  terraformState,
  wholeDeviceLog,
  wholeKernelLog,
} from './rules/logs-and-clouds.js';
import {
  aptCacheSearchOrDump,
  brewInfoOfEveryFormula,
  gemSearchOrRemoteList,
  packageMetadata,
  packageSearchAsJson,
  rpmRepositoryListing,
  unlimitedCrateSearch,
} from './rules/package-registries.js';
import { everyKernelParameter, everyOpenFile, longSequence, wholeManualPage } from './rules/system-dumps.js';
import { gitWholeHistory, ghRawOutput, otherVcsWholeLog } from './rules/vcs-and-forges.js';

export type { Flood, RuleContext, SuggestedCall } from './flood-rule-helpers.js';

export interface ProgramRule {
  /** Program names as typed (PowerShell cmdlets lower-cased: they are looked up case-insensitively). */
  programs: readonly string[];
  /** What the rule catches, for a reader of this table. */
  catches: string;
  rule: Rule;
}

/** `bat`'s options that take a value (its language, line range, style, theme, mapping). */
const BAT_OPTIONS_WITH_VALUE = ['-l', '--language', '-r', '--line-range', '--style', '--theme', '-m'];

export const PROGRAM_RULES: readonly ProgramRule[] = [
  // HTTP clients
  { programs: ['curl'], catches: 'a GET whose response body goes to stdout', rule: curlBodyToStdout },
  { programs: ['wget'], catches: 'a download written to stdout (-O-)', rule: wgetToStdout },
  { programs: ['http', 'https', 'xh', 'xhs'], catches: 'an HTTPie/xh GET printing the body', rule: httpieBodyToStdout },
  {
    programs: ['lynx', 'w3m', 'links', 'links2', 'elinks'],
    catches: 'a web page rendered as text',
    rule: textBrowserPage,
  },
  {
    programs: ['invoke-webrequest', 'iwr', 'invoke-restmethod', 'irm'],
    catches: 'a PowerShell web request without -OutFile',
    rule: powershellWebResponse,
  },
  // Version control and forges
  { programs: ['git'], catches: 'log without a bound, diff across 30+ commits, rev-list --all', rule: gitWholeHistory },
  { programs: ['gh'], catches: 'raw `gh api` JSON, a whole CI log, a whole PR diff', rule: ghRawOutput },
  { programs: ['svn', 'hg'], catches: 'a log without a limit', rule: otherVcsWholeLog },
  // File listing and search
  {
    programs: ['find'],
    catches: 'a walk of the system, a dependency folder or the unfiltered project',
    rule: findOverBigTree,
  },
  { programs: ['ls'], catches: 'ls -R, or a listing of a crowded system directory', rule: lsRecursiveOrCrowdedDir },
  { programs: ['tree'], catches: 'a tree deeper than four levels', rule: deepTree },
  { programs: ['du'], catches: 'a line for every file or directory', rule: duEveryEntry },
  { programs: ['locate', 'plocate', 'mlocate'], catches: 'every matching path on the machine', rule: locateEveryMatch },
  {
    programs: ['grep', 'egrep', 'fgrep'],
    catches: 'a recursive search of the unscoped project or a huge tree',
    rule: recursiveGrepOverBigTree,
  },
  {
    programs: ['rg', 'ag', 'ack'],
    catches: 'a search of a huge tree, or of the project with no ignores',
    rule: ripgrepOverBigTree,
  },
  // File readers
  { programs: ['cat'], catches: 'a big file printed whole', rule: wholeFileReader(['-s']) },
  { programs: ['tac', 'more', 'most', 'nl', 'zcat'], catches: 'a big file printed whole', rule: wholeFileReader([]) },
  { programs: ['less'], catches: 'a big file printed whole', rule: wholeFileReader(['-p', '-x', '-y', '-z']) },
  { programs: ['bat', 'batcat'], catches: 'a big file printed whole', rule: wholeFileReader(BAT_OPTIONS_WITH_VALUE) },
  { programs: ['head'], catches: 'thousands of lines', rule: headOrTailBeyondAPage('head') },
  {
    programs: ['tail'],
    catches: 'thousands of lines, the whole file (+1), or following it',
    rule: headOrTailBeyondAPage('tail'),
  },
  {
    programs: ['sort', 'uniq', 'cut', 'column', 'awk', 'gawk', 'sed'],
    catches: 'a whole-file line filter over a big file',
    rule: lineFilterOverBigFile,
  },
  { programs: ['jq'], catches: 'the identity filter over a big file', rule: jqIdentityOverBigFile },
  { programs: ['get-content', 'gc'], catches: 'PowerShell Get-Content of a big file', rule: getContentWithoutBound },
  // Binary dumps
  { programs: ['strings'], catches: 'the text of a binary file', rule: wholeFileReader(['-n'], binaryVerdict) },
  { programs: ['base64'], catches: 'a binary file encoded as text', rule: wholeFileReader(['-w'], binaryVerdict) },
  { programs: ['xxd', 'hexdump', 'hd', 'od'], catches: 'a hex dump of a whole file', rule: hexDumpOfWholeFile },
  { programs: ['objdump'], catches: 'a whole binary disassembled', rule: disassembly },
  { programs: ['readelf'], catches: 'every symbol, relocation or section', rule: readelfFullDump },
  { programs: ['nm'], catches: 'every symbol of a library', rule: symbolsOfLibrary },
  // Dependencies, package managers and builds
  {
    programs: ['npm', 'pnpm'],
    catches: 'the whole dependency tree, a whole package document, a --json search',
    rule: either(npmWholeTree, packageMetadata, packageSearchAsJson),
  },
  {
    programs: ['yarn'],
    catches: 'the whole dependency tree, a whole package document',
    rule: either(yarnWholeTree, packageMetadata),
  },
  {
    programs: ['cargo'],
    catches: 'the whole dependency tree, a crate search without a small --limit',
    rule: either(cargoWholeTree, unlimitedCrateSearch),
  },
  { programs: ['go'], catches: 'the whole module graph', rule: goModuleGraph },
  { programs: ['composer'], catches: 'the whole dependency tree', rule: composerWholeTree },
  { programs: ['pip', 'pip3'], catches: 'every file of a package', rule: pipFilesOfPackage },
  { programs: ['dpkg', 'rpm', 'apt'], catches: 'every installed package', rule: everyInstalledPackage },
  { programs: ['gem'], catches: 'a substring gem search, a remote list', rule: gemSearchOrRemoteList },
  { programs: ['apt-cache'], catches: 'a description search, the whole cache', rule: aptCacheSearchOrDump },
  { programs: ['brew'], catches: 'the JSON of every formula', rule: brewInfoOfEveryFormula },
  { programs: ['dnf', 'yum', 'microdnf'], catches: 'every package of every repository', rule: rpmRepositoryListing },
  {
    programs: ['gradle', 'gradlew', 'mvn', 'mvnw', 'sbt'],
    catches: 'a build log, a dependency report',
    rule: buildLog,
  },
  // Databases
  { programs: ['pg_dump', 'pg_dumpall'], catches: 'a dump to stdout', rule: dumpToStdout('-f') },
  { programs: ['mysqldump', 'mariadb_dump', 'mariadb-dump'], catches: 'a dump to stdout', rule: dumpToStdout('-r') },
  { programs: ['sqlite3', 'psql', 'mysql', 'mariadb'], catches: 'a SELECT without a bound, .dump', rule: sqlEveryRow },
  { programs: ['redis-cli'], catches: 'every key, MONITOR, SUBSCRIBE', rule: redisEveryKeyOrStream },
  { programs: ['mongoexport'], catches: 'a collection exported to stdout', rule: mongoexportToStdout },
  { programs: ['mongosh', 'mongo'], catches: 'find() without a limit', rule: mongoFindEveryDocument },
  { programs: ['supabase'], catches: 'db dump to stdout', rule: supabaseDumpToStdout },
  // Logs, containers and clouds
  {
    programs: ['docker', 'podman'],
    catches: 'logs without a tail, followed logs, stats, events',
    rule: dockerLogsOrStreams,
  },
  { programs: ['docker-compose'], catches: 'logs without a tail, followed logs', rule: composeLogsWithoutBound },
  {
    programs: ['kubectl', 'oc'],
    catches: 'logs without a tail, describe of a kind, watches, -o yaml|json of many objects',
    rule: kubectlLogsOrManifests,
  },
  { programs: ['stern', 'kail'], catches: 'pod logs followed until stopped', rule: printsUntilStopped },
  { programs: ['journalctl'], catches: 'the whole journal, or following it', rule: journalWithoutBound },
  { programs: ['dmesg'], catches: 'the whole kernel log', rule: wholeKernelLog },
  { programs: ['adb'], catches: 'the whole device log', rule: wholeDeviceLog },
  {
    programs: ['aws'],
    catches: 'a recursive S3 listing, log events without a limit, logs tail --follow',
    rule: awsListingOrLogs,
  },
  { programs: ['gcloud'], catches: 'logging read without --limit', rule: gcloudLogsWithoutLimit },
  { programs: ['gsutil'], catches: 'a recursive bucket listing', rule: bucketListing },
  { programs: ['helm'], catches: 'every rendered manifest', rule: helmManifests },
  { programs: ['terraform'], catches: 'the whole state as JSON', rule: terraformState },
  { programs: ['fly', 'flyctl'], catches: 'logs streamed until stopped', rule: flyLogsTail },
  { programs: ['heroku'], catches: 'logs --tail', rule: herokuLogsTail },
  { programs: ['pm2'], catches: 'logs streamed until stopped', rule: pm2LogsStream },
  // Endless sources and system-wide dumps
  { programs: ['yes'], catches: 'endless output', rule: printsUntilStopped },
  { programs: ['watch'], catches: 'a command rerun until stopped', rule: watchRerun },
  { programs: ['top'], catches: 'a display redrawn until stopped', rule: topRedraw },
  { programs: ['htop'], catches: 'an interactive display', rule: htopInteractive },
  { programs: ['vmstat'], catches: 'a line every interval until stopped', rule: vmstatEveryInterval },
  { programs: ['iostat', 'mpstat'], catches: 'a report every interval until stopped', rule: reportEveryInterval },
  { programs: ['ping'], catches: 'pings without a count', rule: pingUntilStopped },
  {
    programs: ['strace', 'ltrace', 'tcpdump', 'tshark'],
    catches: 'a line per event until stopped',
    rule: traceEveryEvent,
  },
  { programs: ['lsof'], catches: 'every open file of every process', rule: everyOpenFile },
  { programs: ['sysctl'], catches: 'every kernel parameter', rule: everyKernelParameter },
  { programs: ['man'], catches: 'a whole manual page', rule: wholeManualPage },
  { programs: ['seq'], catches: 'more than 10,000 numbers', rule: longSequence },
];

const RULE_OF_PROGRAM: ReadonlyMap<string, Rule> = new Map(
  PROGRAM_RULES.flatMap(({ programs, rule }) => programs.map((program) => [program, rule] as const)),
);

/** The flood this program invocation causes, if any (before considering pipes and redirects). */
export function floodOfProgram(argv: readonly string[], ctx: RuleContext): Flood | undefined {
  const [name, ...args] = argv;
  if (!name) return undefined;
  // `--version` / `--help` anywhere means the program prints a line or a page, never a flood.
  if (args.some((a) => a === '--version' || a === '--help' || a === '-version' || a === '-help')) return undefined;
  // PowerShell cmdlets are case-insensitive (`invoke-webrequest`, `Invoke-WebRequest`).
  const rule = RULE_OF_PROGRAM.get(name) ?? (name.includes('-') ? RULE_OF_PROGRAM.get(name.toLowerCase()) : undefined);
  return rule ? rule(args, ctx) : undefined;
}
