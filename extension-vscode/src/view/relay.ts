/** What the sidebar relays: the page's actions go to the engine as they are; the engine validates them. */

/** Only the shape needed to route a message; the engine checks everything else. */
export function isAction(msg: unknown): msg is { type: string; [k: string]: unknown } {
  return typeof msg === 'object' && msg !== null && typeof (msg as { type?: unknown }).type === 'string';
}
