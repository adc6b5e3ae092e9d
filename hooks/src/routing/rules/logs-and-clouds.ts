/**
 * Logs, containers and clouds: logs without a tail or time bound and logs followed forever (`docker logs -f`,
 * `kubectl logs`, `journalctl`, `dmesg`, `adb logcat`, cloud log readers), watches and event streams,
 * whole manifests (`kubectl get -o yaml`, `helm template`, terraform state) and recursive bucket listings.
 */
import {
  hasLong,
  hasShort,
  optValue,
  positionals,
  sandbox,
  type Rule,
  type RuleContext,
} from '../flood-rule-helpers.js';
import { either, flagRule } from './flag-rule.js';

const KUBECTL_GET_OPTIONS_WITH_VALUE = [
  '-o',
  '--output',
  '-n',
  '--namespace',
  '-l',
  '--selector',
  '--field-selector',
  '--context',
];
/** `journalctl` options that print a count, a status or nothing instead of the journal. */
const JOURNALCTL_BOUNDS = [
  '--lines',
  '--disk-usage',
  '--list-boots',
  '--vacuum-size',
  '--vacuum-time',
  '--rotate',
  '--help',
  '--version',
  '--verify',
  '--flush',
];

/** `docker logs`, `docker compose logs`, `kubectl logs`, … without a tail or time bound, or followed. */
function logsWithoutBound(tailOpts: string[], tailLongs: string[], fix: (ctx: RuleContext) => string): Rule {
  return (args, ctx) => {
    const follow = hasShort(args, 'f', 'nc') || hasLong(args, '--follow');
    if (follow)
      return {
        kind: 'follow',
        why: 'never stops printing new log lines',
        call: sandbox(ctx, fix(ctx)),
        bytes: 100_000,
        endless: true,
      };
    if (
      hasLong(args, ...tailLongs) ||
      tailOpts.some((o) => args.includes(o) || args.some((a) => a.startsWith(o) && /\d/.test(a.slice(o.length))))
    )
      return undefined;
    if (hasLong(args, '--help')) return undefined;
    return { kind: 'unbounded-log', why: 'prints the whole log', call: sandbox(ctx, fix(ctx)), bytes: 100_000 };
  };
}

/** The same logs command, bounded to its last lines and no longer following. */
function withTail(text: string, flag: string): string {
  return text.replace(/\s+(-f|--follow)\b/g, '').replace(/(\blogs)\b/, `$1 ${flag}`);
}

const dockerLogs = logsWithoutBound(['-n'], ['--tail', '--since', '--until', '-n'], (ctx) =>
  withTail(ctx.text, '--tail 200'),
);
const kubectlLogs = logsWithoutBound([], ['--tail', '--since', '--since-time', '--limit-bytes', '--previous'], (ctx) =>
  withTail(ctx.text, '--tail=200'),
);

/** `docker-compose logs`: the compose v1 program. */
export const composeLogsWithoutBound: Rule = (args, ctx) =>
  args[0] === 'logs' ? dockerLogs(args.slice(1), ctx) : undefined;

/** `docker logs`, `docker compose logs`, `docker service logs`; `docker stats` and `docker events` never end. */
export const dockerLogsOrStreams: Rule = (args, ctx) => {
  const i = args[0] === 'compose' ? 1 : 0;
  if (args[i] === 'logs') return dockerLogs(args.slice(i + 1), ctx);
  if (args[0] === 'service' && args[1] === 'logs') return dockerLogs(args.slice(2), ctx);
  if (args[i] === 'stats' && !hasLong(args, '--no-stream'))
    return {
      kind: 'follow',
      why: 'redraws container stats until stopped',
      call: sandbox(ctx, `${ctx.text} --no-stream`),
      bytes: 50_000,
      endless: true,
    };
  if (args[i] === 'events' && !hasLong(args, '--until'))
    return {
      kind: 'follow',
      why: 'streams events until stopped',
      call: sandbox(ctx, `${ctx.text} --since 10m --until 0s`),
      bytes: 50_000,
      endless: true,
    };
  return undefined;
};

/** `kubectl logs`, `describe` of a whole kind, `get -w` (endless), `get -o yaml|json` of many objects. */
export const kubectlLogsOrManifests: Rule = (args, ctx) => {
  const sub = args[0];
  if (sub === 'logs') return kubectlLogs(args.slice(1), ctx);
  if (sub === 'describe') {
    const names = positionals(args.slice(1), ['-n', '--namespace', '-l', '--selector', '--context']);
    if (names.length === 1 && !names[0]!.includes('/') && !args.some((a) => a === '-l' || a.startsWith('--selector'))) {
      return {
        kind: 'manifest-dump',
        why: `describes every ${names[0]} in detail`,
        call: sandbox(ctx, `kubectl get ${names[0]} -o wide`),
        bytes: 100_000,
      };
    }
  }
  if (sub === 'get' && (hasShort(args, 'w', 'onlL') || hasLong(args, '--watch', '--watch-only'))) {
    return {
      kind: 'follow',
      why: 'watches for changes until stopped',
      call: sandbox(ctx, ctx.text.replace(/\s+(-w|--watch(-only)?)\b/g, '')),
      bytes: 50_000,
      endless: true,
    };
  }
  if (sub === 'get') {
    const output = optValue(args, ['-o'], ['--output']) ?? args.find((a) => /^-o(yaml|json)$/.test(a))?.slice(2);
    if (output !== 'yaml' && output !== 'json') return undefined;
    const allNs = hasShort(args, 'A', 'onlL') || hasLong(args, '--all-namespaces');
    const names = positionals(args.slice(1), KUBECTL_GET_OPTIONS_WITH_VALUE);
    const named = names.length >= 2 || names.some((n) => n.includes('/'));
    if (allNs || !named)
      return {
        kind: 'manifest-dump',
        why: `prints the full ${output} of every object`,
        call: sandbox(ctx, undefined, 'the fields you need'),
        bytes: 200_000,
      };
  }
  return undefined;
};

/** `journalctl` without `-n` (the whole journal) or with `-f` (endless). */
export const journalWithoutBound: Rule = (args, ctx) => {
  if (hasShort(args, 'f', 'nuUptSUDM') || hasLong(args, '--follow'))
    return {
      kind: 'follow',
      why: 'never stops printing new log lines',
      call: sandbox(ctx, `${ctx.text.replace(/\s+(-f|--follow)\b/g, '')} -n 200 --no-pager`),
      bytes: 100_000,
      endless: true,
    };
  if (hasShort(args, 'n', 'uUptSUDM') || hasLong(args, ...JOURNALCTL_BOUNDS)) return undefined;
  return {
    kind: 'unbounded-log',
    why: 'prints the whole journal',
    call: sandbox(ctx, `${ctx.text} -n 200 --no-pager`),
    bytes: 500_000,
  };
};

/** `dmesg`: the whole kernel log, endless with `-w`. */
export const wholeKernelLog: Rule = (args, ctx) => {
  if (hasLong(args, '--help', '--version', '--clear', '--follow-new')) return undefined;
  const follow = hasShort(args, 'w', '') || hasLong(args, '--follow');
  return {
    kind: follow ? 'follow' : 'unbounded-log',
    why: 'prints the whole kernel log',
    call: sandbox(ctx, 'dmesg -T | tail -100'),
    bytes: 100_000,
    endless: follow,
  };
};

/** `adb logcat` without `-t` / `-m`: the whole device log, endless unless `-d`. */
export const wholeDeviceLog: Rule = (args, ctx) => {
  if (args[0] !== 'logcat') return undefined;
  if (hasShort(args, 't', 'vbefm') || hasShort(args, 'm', 'vbeft')) return undefined;
  return {
    kind: args.includes('-d') ? 'unbounded-log' : 'follow',
    why: 'prints the whole device log',
    call: sandbox(ctx, 'adb logcat -d -t 200'),
    bytes: 200_000,
    endless: !args.includes('-d'),
  };
};

/** `aws s3 ls --recursive`, `aws logs get-log-events` without a limit, `aws logs tail --follow`. */
export const awsListingOrLogs = either(
  flagRule({
    subcommands: [['s3', 'ls']],
    needs: [{ long: ['--recursive'] }],
    kind: 'object-listing',
    why: 'lists every object in the bucket',
    instead: (text) => `${text} --summarize | tail -5`,
    bytes: 200_000,
  }),
  flagRule({
    subcommands: [
      ['logs', 'get-log-events'],
      ['logs', 'filter-log-events'],
    ],
    boundedBy: { long: ['--limit', '--max-items'] },
    kind: 'unbounded-log',
    why: 'prints every log event',
    instead: (text) => `${text} --limit 100`,
    bytes: 200_000,
  }),
  flagRule({
    subcommands: [['logs', 'tail']],
    needs: [{ long: ['--follow'] }],
    kind: 'follow',
    why: 'never stops printing new log lines',
    instead: (text) => text.replace(/\s+--follow\b/, ''),
    bytes: 100_000,
    endless: true,
  }),
);

/** `gcloud logging read` without `--limit`. */
export const gcloudLogsWithoutLimit = flagRule({
  subcommands: [['logging', 'read']],
  boundedBy: { long: ['--limit'] },
  kind: 'unbounded-log',
  why: 'prints every matching log entry',
  instead: (text) => `${text} --limit 100`,
  bytes: 200_000,
});

/** `gsutil ls -r gs://bucket`. */
export const bucketListing = flagRule({
  subcommands: [['ls']],
  needs: [{ exact: ['-r', '-R'] }],
  kind: 'object-listing',
  why: 'lists every object in the bucket',
  instead: (text) => `${text} | head -100`,
  bytes: 200_000,
});

/** `helm template`, `helm get manifest|all`: every rendered manifest. */
export const helmManifests = flagRule({
  subcommands: [['template'], ['get', 'manifest'], ['get', 'all']],
  boundedBy: { long: ['--output-dir', '--show-only'], exact: ['-s'] },
  kind: 'manifest-dump',
  why: 'prints every rendered manifest',
  intent: 'the resources you need',
  bytes: 100_000,
});

const TERRAFORM_STATE = {
  kind: 'manifest-dump',
  why: 'prints the whole state as JSON',
  intent: 'the resources you need',
  bytes: 300_000,
} as const;

/** `terraform show -json`, `terraform state pull`. */
export const terraformState = either(
  flagRule({ subcommands: [['show']], needs: [{ long: ['-json'] }], ...TERRAFORM_STATE }),
  flagRule({ subcommands: [['state', 'pull']], ...TERRAFORM_STATE }),
);

/** `fly logs` without `--no-tail`. */
export const flyLogsTail = flagRule({
  subcommands: [['logs']],
  boundedBy: { long: ['--no-tail'] },
  kind: 'follow',
  why: 'streams logs until stopped',
  instead: (text) => `${text} --no-tail`,
  bytes: 100_000,
  endless: true,
});

/** `heroku logs --tail`. */
export const herokuLogsTail = flagRule({
  needs: [{ exact: ['--tail', '-t'] }],
  kind: 'follow',
  why: 'never stops printing new log lines',
  instead: (text) => text.replace(/\s+(--tail|-t|-f|--follow)\b/g, ''),
  bytes: 100_000,
  endless: true,
});

/** `pm2 logs` without `--nostream`. */
export const pm2LogsStream = flagRule({
  subcommands: [['logs']],
  boundedBy: { long: ['--nostream'] },
  kind: 'follow',
  why: 'never stops printing new log lines',
  instead: (text) => `${text} --nostream --lines 100`,
  bytes: 100_000,
  endless: true,
});
