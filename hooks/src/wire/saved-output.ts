import { basename, dirname, isAbsolute } from 'node:path';
import { allHosts } from '@context-mode/shared/platforms/host-table';
import type { SavedOutput } from '@context-mode/shared/platforms/types';
import { PERSISTED_MAX_BYTES, readPersistedOutput, readRegularFile } from './persisted-output.js';

/**
 * The whole of a tool output a host cut before the hook saw it, from the file the host kept it in: a digest of the
 * cut text would lose every error line past the cut. Where each host keeps that file and how it names it are
 * the host table's `savedOutput` facts (docs/hosts.md); the checks that keep a tool's text from getting some
 * other file read are here and hold for every host.
 */

interface Compiled {
  spec: SavedOutput;
  marker?: RegExp;
  fileName?: RegExp;
  notes?: RegExp;
  stoppedReadMarker?: RegExp;
}

function compile(spec: SavedOutput): Compiled {
  return {
    spec,
    ...(spec.textMarker ? { marker: new RegExp(spec.textMarker) } : {}),
    ...(spec.fileName ? { fileName: new RegExp(spec.fileName) } : {}),
    ...(spec.notes ? { notes: new RegExp(spec.notes) } : {}),
    ...(spec.stoppedRead ? { stoppedReadMarker: new RegExp(spec.stoppedRead.textMarker) } : {}),
  };
}

// Compiled on first use: this module loads with every hook, and most hook runs read no saved output.
const BY_SPEC = new Map<SavedOutput, Compiled>();

function compiled(spec: SavedOutput): Compiled {
  let c = BY_SPEC.get(spec);
  if (!c) BY_SPEC.set(spec, (c = compile(spec)));
  return c;
}

let inResponse: SavedOutput[] | undefined;
/** Hosts' saved-output facts whose fields travel in the tool response of a hook payload. */
function specsInResponse(): SavedOutput[] {
  inResponse ??= allHosts()
    .flatMap((h) => (h.savedOutput ? [h.savedOutput.value] : []))
    .filter((spec) => spec.fieldsIn === 'tool-response');
  return inResponse;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The path the host gave, if it is in the host's own store of saved outputs. */
function savedPath(c: Compiled, passed: string, fields: unknown): string | undefined {
  const field = c.spec.pathField && isRecord(fields) ? fields[c.spec.pathField] : undefined;
  const path = typeof field === 'string' ? field : c.marker?.exec(passed)?.[1];
  if (!path || !isAbsolute(path)) return undefined;
  // A tool's text naming some other file must not get that file read.
  if (c.fileName && !c.fileName.test(basename(path))) return undefined;
  if (c.spec.dir !== undefined && basename(dirname(path)) !== c.spec.dir) return undefined;
  return path;
}

/** Lines of the passed text (not the host's own notes) must occur in the file: the file is this output. */
function holdsPassedLines(c: Compiled, text: string, passed: string): boolean {
  const body = c.spec.sampleAfter === undefined ? passed : (passed.split(c.spec.sampleAfter)[1] ?? '');
  const sample = body
    .split('\n')
    .filter((l) => l.trim().length >= 16 && !c.notes?.test(l))
    .slice(0, 5);
  return sample.length > 0 && sample.every((l) => text.includes(l));
}

/**
 * The whole output under one host's `savedOutput` facts, or undefined when anything does not check out.
 * `fields`: the object holding `pathField` (the tool response, or OpenCode's result metadata).
 */
export function savedOutputText(spec: SavedOutput, passed: string, fields?: unknown): string | undefined {
  const c = compiled(spec);
  const path = savedPath(c, passed, fields);
  if (!path) return undefined;
  if (spec.sameOutput === 'begins-with') return readPersistedOutput(path, passed);
  const text = readRegularFile(path, PERSISTED_MAX_BYTES);
  return text !== undefined && holdsPassedLines(c, text, passed) ? text : undefined;
}

/** The whole output's size in bytes when the host reports it beside the cut text (Claude's `persistedOutputSize`). */
export function reportedSavedBytes(fields: Record<string, unknown>, spec: SavedOutput): number | undefined {
  const size = spec.fieldsIn === 'tool-response' && spec.sizeField ? fields[spec.sizeField] : undefined;
  return typeof size === 'number' && Number.isFinite(size) && size > 0 ? size : undefined;
}

/** The response without any host's saved-output fields (a replacement must not point at the cut original). */
export function withoutSavedOutputFields(fields: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...fields };
  for (const spec of specsInResponse()) {
    if (spec.pathField) delete rest[spec.pathField];
    if (spec.sizeField) delete rest[spec.sizeField];
  }
  return rest;
}

/**
 * A read the host stopped short of the file's end and the model did not page itself: the file's whole text
 * (not a binary one), else undefined.
 */
export function stoppedReadText(
  spec: SavedOutput,
  path: unknown,
  args: Record<string, unknown>,
  passed: string,
  metadata: unknown,
): string | undefined {
  const c = compiled(spec);
  const stopped = spec.stoppedRead;
  if (!stopped || typeof path !== 'string' || !isAbsolute(path)) return undefined;
  if (stopped.pagingArgs.some((arg) => args[arg] !== undefined)) return undefined;
  const cut = (isRecord(metadata) && metadata[stopped.flagField] === true) || !!c.stoppedReadMarker?.test(passed);
  if (!cut) return undefined;
  const text = readRegularFile(path, PERSISTED_MAX_BYTES);
  // A binary file has no lines worth a digest; the host's own answer stands.
  return text === undefined || text.includes('\u0000') ? undefined : text;
}
