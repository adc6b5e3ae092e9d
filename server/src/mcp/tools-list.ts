import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/**
 * One portable tools/list answer for every host. The SDK's own listing emits `$schema`, `const` for literals,
 * `additionalProperties` for strict objects and an `execution` block per tool: Gemini-family hosts reject
 * `const` and `additionalProperties`, and every byte of tools/list is paid in every session. So the server
 * serves its own listing from the registered zod schemas, converted once per tool and sanitised:
 * `const: x` → `enum: [x]`, `additionalProperties` and `$schema` dropped. Zod still validates every call, so
 * nothing is lost by advertising less.
 */

/** Records every tool registered through `server.registerTool`, in registration order. */
export function trackRegisteredTools(server: McpServer): Map<string, RegisteredTool> {
  const tools = new Map<string, RegisteredTool>();
  const register = server.registerTool.bind(server) as (...args: unknown[]) => RegisteredTool;
  (server as { registerTool: unknown }).registerTool = (...args: unknown[]): RegisteredTool => {
    const tool = register(...args);
    tools.set(args[0] as string, tool);
    return tool;
  };
  return tools;
}

/** The JSON Schema of a tool's input as advertised: draft-7, input side of transforms, sanitised. */
export function portableInputSchema(schema: unknown, io: 'input' | 'output' = 'input'): Tool['inputSchema'] {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return { type: 'object', properties: {} };
  const json = z.toJSONSchema(schema as z.ZodType, {
    target: 'draft-7',
    io,
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  const clean = sanitiseSchema(json) as Record<string, unknown>;
  clean.type = 'object';
  return clean as Tool['inputSchema'];
}

/** Removes what some hosts reject, recursively; pure. */
export function sanitiseSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(sanitiseSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === '$schema' || key === 'additionalProperties') continue;
    if (key === 'const') {
      out.enum = [value];
      continue;
    }
    out[key] = sanitiseSchema(value);
  }
  return out;
}

/**
 * Replaces the SDK's tools/list handler with the portable listing. Call after every tool is registered.
 * `onListed` receives the listing once (the first time it is served), e.g. to record its size as own cost.
 */
export function servePortableToolList(
  server: McpServer,
  tools: Map<string, RegisteredTool>,
  onListed?: (tools: Tool[]) => void,
  unlisted: ReadonlySet<string> = new Set(),
): void {
  // Keyed by the schema object, so `tool.update({ paramsSchema })` is picked up.
  const converted = new WeakMap<object, Tool['inputSchema']>();
  const convert = (schema: unknown, io: 'input' | 'output'): Tool['inputSchema'] => {
    if (!schema || typeof schema !== 'object') return portableInputSchema(schema, io);
    let json = converted.get(schema);
    if (!json) {
      json = portableInputSchema(schema, io);
      converted.set(schema, json);
    }
    return json;
  };
  let reported = false;
  server.server.setRequestHandler(ListToolsRequestSchema, () => {
    const list: Tool[] = [];
    for (const [name, tool] of tools) {
      if (!tool.enabled || unlisted.has(name)) continue;
      const entry: Tool = { name, inputSchema: convert(tool.inputSchema, 'input') };
      if (tool.title) entry.title = tool.title;
      if (tool.description) entry.description = tool.description;
      if (tool.annotations) entry.annotations = tool.annotations;
      if (tool.outputSchema) entry.outputSchema = convert(tool.outputSchema, 'output');
      list.push(entry);
    }
    if (!reported && onListed) {
      reported = true;
      onListed(list);
    }
    return { tools: list };
  });
}
