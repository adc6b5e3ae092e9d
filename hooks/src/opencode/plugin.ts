import { createContextModePlugin } from './create-plugin.js';
import type { OpenCodePlugin } from './opencode-types.js';

/**
 * The OpenCode plugin (opencode.ai/docs/plugins): drop the bundled file into `.opencode/plugins/` or
 * `~/.config/opencode/plugins/`. OpenCode runs every exported function as a plugin, so this module exports exactly
 * one (a default export as well would register every hook twice).
 */
export const ContextModePlugin: OpenCodePlugin = createContextModePlugin();
