import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allHosts } from '@context-mode/shared/platforms/host-table';

test("every host's saved-output facts can be read: patterns compile, a marker captures the path, a field has a home", () => {
  const withFacts = allHosts().filter((h) => h.savedOutput);
  assert.ok(withFacts.length >= 3, 'Claude Code, OpenCode and Qwen Code keep a cut output whole');
  for (const host of withFacts) {
    const s = host.savedOutput!.value;
    assert.ok(s.pathField || s.textMarker, `${host.id}: says where the path is`);
    if (s.pathField || s.sizeField) assert.ok(s.fieldsIn, `${host.id}: says which object holds its fields`);
    if (s.textMarker) {
      const m = new RegExp(s.textMarker).exec(`${s.textMarker.split('(')[0]!.replace(/\\/g, '')}/tmp/x`);
      assert.equal(m?.[1], '/tmp/x', `${host.id}: the marker's first group is the path`);
    }
    for (const source of [s.fileName, s.notes, s.stoppedRead?.textMarker]) if (source) new RegExp(source);
    // Without a name, a folder or a field the host fills, a tool's text could name any file to be read.
    if (s.textMarker) assert.ok(s.fileName || s.dir, `${host.id}: a path found in text is held to the host's naming`);
  }
});
