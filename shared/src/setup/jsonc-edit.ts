import {
  createScanner,
  findNodeAtLocation,
  parse,
  parseTree,
  printParseErrorCode,
  visit,
  type FormattingOptions,
  type Node,
  type ParseError,
} from 'jsonc-parser/lib/esm/main.js';
import { SetupError } from './setup-error.js';

export type JsonPath = (string | number)[];

function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
}

/**
 * Parses a JSON or JSONC file (comments and trailing commas allowed, as the hosts' own readers allow them). An
 * empty file reads as `{}`. Anything else that does not parse, or whose top level is not an object, is an error
 * naming the position; the caller leaves the file alone.
 */
export function parseJsonObject(withBom: string, file: string): Record<string, unknown> {
  const text = stripBom(withBom);
  if (text.trim() === '') return {};
  const errors: ParseError[] = [];
  let value: unknown;
  try {
    value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
    if (!errors.length) assertNoDuplicateKeys(text, file);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    // The parser recurses per nesting level; a file nested thousands deep is not a settings file we can edit.
    throw new SetupError(
      'unexpected-shape',
      `${file} is nested too deeply to edit safely`,
      `Check ${file} (it is not a normal settings file), fix or move it aside, and run setup again.`,
    );
  }
  if (errors.length) {
    const e = errors[0]!;
    throw new SetupError(
      'malformed',
      `${file} is not valid JSON: ${printParseErrorCode(e.error)} at ${lineCol(text, e.offset)}`,
      `Fix ${file} by hand (or move it aside) and run setup again.`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SetupError(
      'unexpected-shape',
      `${file} does not hold a JSON object at the top level`,
      `Fix ${file} by hand and run setup again.`,
    );
  }
  return value as Record<string, unknown>;
}

/**
 * A key twice in one object: hosts read the last one, an edit lands in the first, so setup would report a change
 * the host never sees. Refused, naming the key and both lines.
 */
function assertNoDuplicateKeys(text: string, file: string): void {
  const stack: { keys: Map<string, number>; path: string }[] = [];
  let lastKey = '';
  visit(
    text,
    {
      onObjectBegin: () => {
        const parent = stack[stack.length - 1];
        stack.push({ keys: new Map(), path: parent ? (parent.path ? `${parent.path}.${lastKey}` : lastKey) : '' });
      },
      onObjectEnd: () => {
        stack.pop();
      },
      onObjectProperty: (key, offset) => {
        lastKey = key;
        const top = stack[stack.length - 1];
        if (!top) return;
        const first = top.keys.get(key);
        if (first !== undefined) {
          const name = top.path ? `${top.path}.${key}` : key;
          throw new SetupError(
            'unexpected-shape',
            `${file}: key "${name}" appears twice (${lineCol(text, first)} and ${lineCol(text, offset)}); the host reads only the last one`,
            `Merge the two "${key}" entries of ${file} into one and run the command again.`,
          );
        }
        top.keys.set(key, offset);
      },
    },
    { allowTrailingComma: true, disallowComments: false },
  );
}

/** The file's own indentation and line ending, so inserted text looks like the rest of it. */
function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indented = text.split(/\r?\n/).find((l) => /^[ \t]+\S/.test(l));
  if (indented?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  const width = indented ? indented.length - indented.trimStart().length : 2;
  return { insertSpaces: true, tabSize: Math.min(Math.max(width, 1), 8), eol };
}

const BOM = '\uFEFF';

/** Editors on Windows may start a file with a byte order mark; parse without it, write it back. */
function stripBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/** Whether `path` exists in the document. */
export function hasPath(withBom: string, path: JsonPath): boolean {
  const text = stripBom(withBom);
  const tree = parseTree(text === '' ? '{}' : text, [], { allowTrailingComma: true });
  return tree !== undefined && findNodeAtLocation(tree, path) !== undefined;
}

/** The value at `path`, or undefined. */
export function valueAt(withBom: string, path: JsonPath): unknown {
  const text = stripBom(withBom);
  let cur: unknown = parse(text === '' ? '{}' : text, [], { allowTrailingComma: true });
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return cur;
}

function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

function sameLine(text: string, a: number, b: number): boolean {
  return !text.slice(Math.min(a, b), Math.max(a, b)).includes('\n');
}

/** JSON text for `value` whose continuation lines start at `indent`, in the file's indentation and line ending. */
function pretty(value: unknown, indent: string, fmt: FormattingOptions): string {
  const unit = fmt.insertSpaces ? ' '.repeat(fmt.tabSize ?? 2) : '\t';
  return JSON.stringify(value, null, unit)
    .split('\n')
    .map((l, i) => (i === 0 ? l : indent + l))
    .join(fmt.eol ?? '\n');
}

/** Appends `key: value` to an object node (or `value` to an array node) after its last member. */
function insertInto(
  text: string,
  container: Node,
  key: string | undefined,
  value: unknown,
  fmt: FormattingOptions,
): string {
  const eol = fmt.eol ?? '\n';
  const unit = fmt.insertSpaces ? ' '.repeat(fmt.tabSize ?? 2) : '\t';
  const label = key === undefined ? '' : `${JSON.stringify(key)}: `;
  const children = container.children ?? [];
  const last = children[children.length - 1];
  if (last) {
    const end = last.offset + last.length;
    // A one-line container (`{"a": 1}`) stays on one line; otherwise the new member gets its own line.
    const insertion = sameLine(text, container.offset, last.offset)
      ? `, ${label}${JSON.stringify(value)}`
      : `,${eol}${lineIndent(text, last.offset)}${label}${pretty(value, lineIndent(text, last.offset), fmt)}`;
    return text.slice(0, end) + insertion + text.slice(end);
  }
  const outer = lineIndent(text, container.offset);
  const inner = outer + unit;
  const at = container.offset + 1;
  return `${text.slice(0, at)}${eol}${inner}${label}${pretty(value, inner, fmt)}${eol}${outer}${text.slice(at)}`;
}

/**
 * Cuts a member out with the separator before it (or after it, for a first member), so a trailing comma and the
 * container's own whitespace stay as they were; the only member leaves an empty `{}` / `[]`.
 */
function removeNode(text: string, valueNode: Node): string {
  const member = valueNode.parent?.type === 'property' ? valueNode.parent : valueNode;
  const container = member.parent;
  if (!container) return text;
  const siblings = container.children ?? [];
  const i = siblings.indexOf(member);
  const prev = siblings[i - 1];
  const next = siblings[i + 1];
  const end = member.offset + member.length;
  const [from, to] = prev
    ? [prev.offset + prev.length, end]
    : next
      ? [member.offset, next.offset]
      : [container.offset + 1, container.offset + container.length - 1];
  return text.slice(0, from) + commentsOf(text, from, to, !prev && !!next) + text.slice(to);
}

// jsonc-parser's SyntaxKind values (a const enum, not importable as a value).
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const EOF_TOKEN = 17;

/**
 * The comments the user wrote in text[from, to) that a removal cuts: kept, each with the white space before it (or,
 * for a removal up to the next member, after it), and a line comment always ends its line.
 */
function commentsOf(text: string, from: number, to: number, spaceAfter: boolean): string {
  const scanner = createScanner(text.slice(from, to), false);
  const tokens: { kind: number; text: string }[] = [];
  while (scanner.scan() !== EOF_TOKEN) {
    const t = {
      kind: scanner.getToken(),
      text: text.substr(from + scanner.getTokenOffset(), scanner.getTokenLength()),
    };
    // Spaces and line breaks come as separate tokens: one run of white space is one token here.
    const last = tokens[tokens.length - 1];
    if (last && t.text.trim() === '' && last.text.trim() === '') last.text += t.text;
    else tokens.push(t);
  }
  const space = (t: { kind: number; text: string } | undefined) => (t && t.text.trim() === '' ? t.text : '');
  let out = '';
  tokens.forEach((t, i) => {
    if (t.kind !== LINE_COMMENT && t.kind !== BLOCK_COMMENT) return;
    out += spaceAfter ? t.text + space(tokens[i + 1]) : space(tokens[i - 1]) + t.text;
  });
  const lastComment = [...tokens].reverse().find((t) => t.kind === LINE_COMMENT || t.kind === BLOCK_COMMENT);
  if (lastComment?.kind === LINE_COMMENT && !/\n[ \t]*$/.test(out) && !/^[ \t]*\r?\n/.test(text.slice(to)))
    out += (text.includes('\r\n') ? '\r\n' : '\n') + lineIndent(text, to);
  return out;
}

/**
 * Sets (or, with `undefined`, removes) the value at `path`, keeping every other byte: new members are inserted
 * after the last one in the file's own indentation, a replaced value takes exactly its old value's place.
 * (jsonc-parser's formatter would reformat the neighbouring line too, so only its removal edit is used.) A
 * trailing `-1` in `path` appends to the array.
 */
export function setAt(withBom: string, path: JsonPath, value: unknown): string {
  if (withBom.startsWith(BOM)) return BOM + setAt(withBom.slice(1), path, value);
  const text = withBom;
  const base = text.trim() === '' ? '{}\n' : text;
  const tree = parseTree(base, [], { allowTrailingComma: true });
  if (!tree) return base;
  const fmt = formattingOf(base);
  const node = path.length && path[path.length - 1] === -1 ? undefined : findNodeAtLocation(tree, path);
  if (value === undefined) return node ? removeNode(base, node) : base;
  if (node) {
    // A property's value node: replace just the value.
    return (
      base.slice(0, node.offset) +
      pretty(value, lineIndent(base, node.offset), fmt) +
      base.slice(node.offset + node.length)
    );
  }
  for (let i = path.length - 1; i >= 0; i--) {
    const parent = i === 0 ? tree : findNodeAtLocation(tree, path.slice(0, i));
    if (!parent) continue;
    let nested: unknown = value;
    for (const k of path.slice(i + 1).reverse()) nested = { [k]: nested };
    const key = path[i]!;
    if (parent.type === 'array' && typeof key === 'number') return insertInto(base, parent, undefined, nested, fmt);
    if (parent.type === 'object' && typeof key === 'string') return insertInto(base, parent, key, nested, fmt);
    throw new SetupError(
      'unexpected-shape',
      `"${path.slice(0, i).join('.')}" is not ${typeof key === 'number' ? 'an array' : 'an object'}`,
    );
  }
  return base;
}

/** Structural equality of two JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length &&
    ka.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Every string inside a JSON value, for matching commands wherever a layout keeps them. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}
