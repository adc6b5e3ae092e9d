import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isoTime } from '../../src/run/iso-time.js';

test('isoTime matches Date#toISOString across eras, leap days and day boundaries', () => {
  const samples = [
    0, 1, 86_399_999, 86_400_000, 951_782_400_000, 951_868_799_999, 1_709_164_800_000, 4_102_444_799_999,
    253_402_300_799_999,
  ];
  for (let i = 0; i < 2000; i++) samples.push(Math.floor(Math.random() * 253_402_300_799_999));
  for (const ms of samples) assert.equal(isoTime(ms), new Date(ms).toISOString(), String(ms));
});
