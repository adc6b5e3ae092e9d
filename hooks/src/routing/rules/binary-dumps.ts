/**
 * Text renderings of binary files, several times the file's size: hex dumps, disassembly, every symbol or
 * section of a library. (`strings` and `base64` are file readers that judge binaries: see the registry.)
 */
import { hasLong, hasShort, positionals, sandbox, type Rule } from '../flood-rule-helpers.js';
import { flagRule } from './flag-rule.js';

/** `readelf` options that print every symbol, relocation or section rather than a header. */
const READELF_FULL_DUMPS = [
  '-a',
  '--all',
  '-s',
  '--syms',
  '--symbols',
  '-r',
  '--relocs',
  '-x',
  '--hex-dump',
  '-w',
  '--debug-dump',
];
/** Shared libraries, archives and system binaries: thousands of symbols each. */
const LIBRARY_FILE = /\.(so(\.\d+)*|a|dylib|dll|node)$|^\/(usr\/)?(s?bin|lib)/;
/** A binary above this size has too many symbols to list, whatever its name. */
const BIG_BINARY = 256 * 1024;

/** `xxd file`, `hexdump -C file`, `od file` without a length bound. */
export const hexDumpOfWholeFile: Rule = (args, ctx) => {
  if (hasShort(args, 'l', '') || hasShort(args, 'n', '') || hasLong(args, '--len', '--length', '--help', '--version'))
    return undefined;
  // Option values here are numbers (`-s 16`, `-c 32`), so every other bare word is a file.
  const files = args.filter((a) => !a.startsWith('-') && !/^\d+$/.test(a));
  if (!files.length) return undefined;
  return {
    kind: 'binary-dump',
    why: 'prints several bytes of text for every byte of the file',
    call: sandbox(ctx, `${ctx.text.split(/\s/)[0]} ${args.join(' ')} | head -50`),
    bytes: 200_000,
  };
};

/** `objdump -d` / `-D` / `-S`: the whole binary disassembled. */
export const disassembly = flagRule({
  needs: [{ short: 'dDS' }],
  kind: 'binary-dump',
  why: 'disassembles the whole binary',
  instead: (text) => `${text} | head -200`,
  bytes: 500_000,
});

/** `readelf -a` / `-s` / `-r` / `-x` / `-w`: every symbol, relocation or section. */
export const readelfFullDump: Rule = (args, ctx) =>
  args.some((a) => READELF_FULL_DUMPS.includes(a) || /^-[a-zA-Z]*[asrw]/.test(a))
    ? {
        kind: 'binary-dump',
        why: 'prints every symbol and section of the binary',
        call: sandbox(ctx, `${ctx.text} | head -100`),
        bytes: 300_000,
      }
    : undefined;

/** `nm` on a shared library, a system binary or a big file: every symbol. */
export const symbolsOfLibrary: Rule = (args, ctx) => {
  const files = positionals(args, ['-t', '--radix', '--format', '-f']);
  const big = files.some((f) => LIBRARY_FILE.test(f) || (ctx.fileSize(f) ?? 0) > BIG_BINARY);
  return big
    ? {
        kind: 'binary-dump',
        why: 'prints every symbol of the library',
        call: sandbox(ctx, `${ctx.text} | grep -i '<symbol>' | head -50`),
        bytes: 300_000,
      }
    : undefined;
};
