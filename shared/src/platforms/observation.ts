import type { Observation } from './types.js';

/**
 * Pointers into one host's real-host test file, all at the host version that file pins: `seen(name)` names the
 * test that shows a fact, so each record states the version and file once.
 */
export function suiteRun(version: string, test: string): (name: string) => Observation {
  return (name) => ({ version, test, name });
}
