/** 1234 → "1.2 KB"; exact bytes below 1 KB so small numbers stay checkable. The one byte formatter of every surface. */
export function formatBytes(n: number): string {
  const sign = n < 0 ? '-' : '';
  const a = Math.abs(n);
  if (a < 1024) return `${sign}${a} B`;
  if (a < 1024 * 1024) return `${sign}${(a / 1024).toFixed(1)} KB`;
  return `${sign}${(a / 1024 / 1024).toFixed(1)} MB`;
}
