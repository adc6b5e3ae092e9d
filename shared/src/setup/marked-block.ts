/** The span of a marker-delimited block in a text file, end marker's line break included. */
export function findMarkedBlock(
  text: string,
  startMarker: string,
  endMarker: string,
): { start: number; end: number } | undefined {
  const start = text.indexOf(startMarker);
  if (start < 0) return undefined;
  const endAt = text.indexOf(endMarker, start);
  if (endAt < 0) return undefined;
  let end = endAt + endMarker.length;
  if (text.startsWith('\r\n', end)) end += 2;
  else if (text[end] === '\n') end += 1;
  return { start, end };
}
