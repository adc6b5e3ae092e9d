import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { addressAllowed, classifyAddress, refusalFor } from '@context-mode/shared/policy/ssrf';

/** Raised when a URL or one of its addresses is refused by the SSRF policy; never retried. */
export class FetchPolicyError extends Error {
  override readonly name = 'FetchPolicyError';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves the host and checks EVERY address against the SSRF policy
 * before the socket connects to one of them. Because the check runs inside the connect itself, a DNS answer
 * that changes between a pre-check and the connection (rebinding) cannot slip a private address in. A host
 * with any refused address is refused as a whole: a mixed answer is how rebinding attacks usually look.
 */
export function guardedLookup(allowPrivate: boolean, resolve: typeof dnsLookup = dnsLookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      if (list.length === 0) {
        const e: NodeJS.ErrnoException = new Error(`no address for ${hostname}`);
        e.code = 'ENOTFOUND';
        return callback(e, '');
      }
      for (const a of list) {
        const c = classifyAddress(a.address);
        if (!addressAllowed(c, allowPrivate))
          return callback(new FetchPolicyError(refusalFor(hostname, a.address, c)), '');
      }
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Checks a literal-IP host up front (Node skips `lookup` for IP literals). Undefined for names. */
export function literalRefusal(hostname: string, allowPrivate: boolean): string | undefined {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (!/^[\d.]+$/.test(bare) && !bare.includes(':')) return undefined;
  const c = classifyAddress(bare);
  return addressAllowed(c, allowPrivate) ? undefined : refusalFor(hostname, bare, c);
}
