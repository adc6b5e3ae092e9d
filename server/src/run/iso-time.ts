/**
 * `Date.prototype.toISOString` output (UTC, ms precision) computed with integer arithmetic. The MCP front
 * formats one timestamp (the sentinel's startedAt); going through a Date object there loads the time-zone
 * machinery, about 0.8 MiB of resident memory for the life of an otherwise idle server.
 */
export function isoTime(ms: number = Date.now()): string {
  const t = Math.floor(ms);
  const days = Math.floor(t / 86_400_000);
  const inDay = t - days * 86_400_000;
  // Civil date from days since 1970-01-01 (proleptic Gregorian), by 400-year eras.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  const h = Math.floor(inDay / 3_600_000);
  const m = Math.floor((inDay % 3_600_000) / 60_000);
  const s = Math.floor((inDay % 60_000) / 1000);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(h)}:${pad(m)}:${pad(s)}.${pad(inDay % 1000, 3)}Z`;
}
