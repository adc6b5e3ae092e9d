import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addressAllowed,
  classifyAddress,
  privateFetchAllowed,
  refusalFor,
  type AddressClass,
} from '../../src/policy/ssrf.js';

// address → class. Metadata and link-local stay blocked even with the private opt-in.
const TABLE: Array<[string, AddressClass]> = [
  // IPv4 public
  ['1.1.1.1', 'public'],
  ['8.8.8.8', 'public'],
  ['93.184.216.34', 'public'],
  ['172.32.0.1', 'public'],
  ['100.128.0.1', 'public'],
  ['223.255.255.255', 'public'],
  // IPv4 private / loopback
  ['127.0.0.1', 'private'],
  ['127.255.255.254', 'private'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'private'],
  ['198.18.0.1', 'private'],
  // IPv4 always blocked
  ['169.254.169.254', 'blocked'],
  ['169.254.0.1', 'blocked'],
  ['100.100.100.200', 'blocked'],
  ['192.0.0.192', 'blocked'],
  ['0.0.0.0', 'blocked'],
  ['0.1.2.3', 'blocked'],
  ['224.0.0.1', 'blocked'],
  ['239.255.255.250', 'blocked'],
  ['240.0.0.1', 'blocked'],
  ['255.255.255.255', 'blocked'],
  ['192.0.2.1', 'blocked'],
  ['198.51.100.7', 'blocked'],
  ['203.0.113.9', 'blocked'],
  // IPv6
  ['2606:4700:4700::1111', 'public'],
  ['2001:4860:4860::8888', 'public'],
  ['::1', 'private'],
  ['[::1]', 'private'],
  ['0:0:0:0:0:0:0:1', 'private'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['fec0::1', 'private'],
  ['::', 'blocked'],
  ['0:0:0:0:0:0:0:0', 'blocked'],
  ['fe80::1', 'blocked'],
  ['fe80::1%eth0', 'blocked'],
  ['[fe80::abcd%25en0]', 'blocked'],
  ['febf::1', 'blocked'],
  ['ff02::1', 'blocked'],
  ['ff05::2', 'blocked'],
  ['fd00:ec2::254', 'blocked'],
  ['2001:db8::1', 'blocked'],
  // IPv4 inside IPv6 reaches the IPv4 address
  ['::ffff:127.0.0.1', 'private'],
  ['::ffff:7f00:1', 'private'],
  ['::FFFF:169.254.169.254', 'blocked'],
  ['::ffff:a9fe:a9fe', 'blocked'],
  ['::ffff:8.8.8.8', 'public'],
  ['::127.0.0.1', 'private'],
  ['64:ff9b::a9fe:a9fe', 'blocked'],
  ['64:ff9b::8.8.8.8', 'public'],
  ['2002:a9fe:a9fe::1', 'blocked'],
  ['2002:0a00:0001::1', 'private'],
  // Malformed is blocked, never guessed
  ['', 'blocked'],
  ['localhost', 'blocked'],
  ['01.2.3.4', 'blocked'],
  ['1.2.3', 'blocked'],
  ['256.1.1.1', 'blocked'],
  ['1:2:3:4:5:6:7:8:9', 'blocked'],
  ['::ffff:999.1.1.1', 'blocked'],
  ['12345::1', 'blocked'],
];

test('SSRF classification of addresses (table)', () => {
  const wrong: string[] = [];
  for (const [address, expected] of TABLE) {
    const got = classifyAddress(address).class;
    if (got !== expected) wrong.push(`${address}: expected ${expected}, got ${got}`);
  }
  assert.deepEqual(wrong, []);
});

test('private addresses need the opt-in; blocked ones stay blocked with it', () => {
  const loopback = classifyAddress('127.0.0.1');
  const metadata = classifyAddress('169.254.169.254');
  assert.equal(addressAllowed(loopback, false), false);
  assert.equal(addressAllowed(loopback, true), true);
  assert.equal(addressAllowed(metadata, true), false);
  assert.equal(addressAllowed(classifyAddress('1.1.1.1'), false), true);
});

test('the opt-in is CONTEXT_MODE_ALLOW_PRIVATE_FETCH=1 (or true), nothing else', () => {
  assert.equal(privateFetchAllowed({}), false);
  assert.equal(privateFetchAllowed({ CONTEXT_MODE_ALLOW_PRIVATE_FETCH: '1' }), true);
  assert.equal(privateFetchAllowed({ CONTEXT_MODE_ALLOW_PRIVATE_FETCH: 'true' }), true);
  assert.equal(privateFetchAllowed({ CONTEXT_MODE_ALLOW_PRIVATE_FETCH: '0' }), false);
});

test('a refusal names the policy and, for private ranges only, the opt-in', () => {
  const priv = refusalFor('localhost', '127.0.0.1', classifyAddress('127.0.0.1'));
  assert.match(priv, /blocked by security policy/);
  assert.match(priv, /CONTEXT_MODE_ALLOW_PRIVATE_FETCH=1/);
  const meta = refusalFor('metadata', '169.254.169.254', classifyAddress('169.254.169.254'));
  assert.doesNotMatch(meta, /CONTEXT_MODE_ALLOW_PRIVATE_FETCH/);
});
