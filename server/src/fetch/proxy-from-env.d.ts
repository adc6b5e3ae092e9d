// proxy-from-env ships no types: the one function used here.
declare module 'proxy-from-env' {
  /** The proxy URL for `url` from the *_PROXY / NO_PROXY environment variables, or '' for a direct connection. */
  export function getProxyForUrl(url: string | URL): string;
}
