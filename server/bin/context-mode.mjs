#!/usr/bin/env node
// Compatibility entry for configs and scripts that name the earlier ES module path; the real entry is
// context-mode.cjs (CommonJS, for hook start-up cost).
import { createRequire } from 'node:module';

createRequire(import.meta.url)('./context-mode.cjs');
