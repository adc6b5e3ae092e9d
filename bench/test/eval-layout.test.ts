import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evalSources } from '../eval-corpus.js';

const readme = [
  '# tool — does things',
  '',
  'Intro.',
  '',
  '## Options',
  '',
  '### `retries`',
  '',
  '```md',
  '## not a heading inside a fence',
  '```',
  '',
  '## Options',
  '',
  'Again.',
].join('\n');

test('the files layout splits a README at its ## headings into one file per section, headings raised a level', () => {
  const files = evalSources('tool', 'docs/tool.md', readme, 'files');
  assert.deepEqual(
    files.map((f) => f.label),
    ['npm:tool/README.md', 'npm:tool/options.md', 'npm:tool/options-2.md'],
  );
  assert.equal(files[0]!.content, '# tool — does things\n\nIntro.\n');
  // The section's own heading becomes the file's title, a deeper one moves up with it; a fence is left alone.
  assert.match(files[1]!.content, /^# Options\n\n## `retries`\n\n```md\n## not a heading inside a fence\n```/);
  // Nothing is lost or added but the heading marks.
  assert.equal(
    files
      .map((f) => f.content)
      .join('\n')
      .replace(/^#+/gm, ''),
    readme.replace(/^#+/gm, ''),
  );
});

test('the readme layout, the default, indexes each doc whole under npm:<package>', () => {
  assert.deepEqual(evalSources('tool', 'docs/tool.md', readme, 'readme'), [
    { label: 'npm:tool', content: readme, file: 'docs/tool.md' },
  ]);
});
