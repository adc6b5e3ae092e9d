// Which lines of a TOML text are comments: a `#` inside a string, one-line or multi-line, is the string's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'smol-toml';
import { scanTomlLines } from '../../src/setup/toml-line-scan.js';

/** [line starts inside a multi-line string, the comment's text or ''] per line. */
const scan = (text: string) =>
  scanTomlLines(text).map((l) => [l.inString, l.comment < 0 ? '' : l.text.slice(l.comment)] as const);

describe('scanTomlLines', () => {
  it('finds comments outside strings only, across multi-line strings of both kinds', () => {
    const text = [
      '# own line',
      'a = "x # not" # trailing',
      'b = """',
      '# inside',
      'quote \\""" still inside # no',
      'end""""  # after a string ending in a quote',
      "c = '''",
      '# literal \\',
      "''' # after",
      "d = 'a\"b#' # ok",
      'e = """line \\',
      '  # continued, inside"""',
    ].join('\r\n');
    parse(text);
    assert.deepEqual(scan(text), [
      [false, '# own line'],
      [false, '# trailing'],
      [false, ''],
      [true, ''],
      [true, ''],
      [true, '# after a string ending in a quote'],
      [false, ''],
      [true, ''],
      [true, '# after'],
      [false, '# ok'],
      [false, ''],
      [true, ''],
    ]);
    assert.ok(
      scanTomlLines(text).every((l) => !l.text.endsWith('\r')),
      'CRLF line breaks are not part of the text',
    );
  });
});
