import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { identifierExpansions } from '@context-mode/shared/knowledge/query-terms';

/** Work done by identifierExpansions, measured as time relative to input of a tenth the size. */
function ratio(make: (n: number) => string): number {
  const time = (s: string) => {
    const t = performance.now();
    identifierExpansions(s);
    return performance.now() - t;
  };
  const small = make(40_000);
  const large = make(400_000);
  time(small);
  return time(large) / Math.max(0.5, time(small));
}

describe('identifier splitting while indexing', () => {
  test('is linear on long hex, base64 and repeated-letter runs (it was quadratic and froze the server)', () => {
    // 10× the input must cost far less than 100× the time; generous for a loaded machine.
    for (const make of [
      (n: number) => randomBytes(n / 2).toString('hex'),
      (n: number) => randomBytes((n * 3) / 4).toString('base64'),
      (n: number) => 'a'.repeat(n),
      (n: number) => 'aB'.repeat(n / 2),
    ]) {
      assert.ok(ratio(make) < 40, 'expansion time grows linearly');
    }
  });

  test('still splits real identifiers', () => {
    assert.equal(
      identifierExpansions('call useEffect and XMLHttpRequest, 12getServerSideProps'),
      'use effect ; xml http request ; get server side props',
    );
    assert.equal(identifierExpansions('plain words only'), '');
  });
});
