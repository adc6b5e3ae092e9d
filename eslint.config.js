// Lint for the TypeScript of every workspace (npm run lint, part of npm test). Formatting is Prettier's job
// (npm run format:check); these rules catch mistakes, not style.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'extension-vscode/engine/**',
      'extension-vscode/dashboard/**',
      'plugin-jetbrains/**',
      'bench/corpus/**',
      'bench/results/**',
      'test/fixtures/**',
      '.ci/**',
      'configs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['shared/dashboard/**', 'extension-vscode/test/**/page-*.{js,mjs}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Empty catch blocks here always carry a comment saying why the error is dropped.
      'no-empty': ['error', { allowEmptyCatch: true }],
      // A variable declared early so that cleanup closures can see it, and assigned once later, stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  // Layers point down: shared/ is the engine core and knows no process shell; inside server/, the sandbox,
  // fetch, setup, doctor and run folders know nothing of the MCP server or the CLI that sit on top of them.
  {
    files: ['shared/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@context-mode/hooks*', 'ctxmode', 'ctxmode/*', '**/hooks/src/**', '**/server/src/**'],
              message: 'shared/ is the bottom layer: move what you need into shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/{sandbox,fetch,setup,doctor,run}/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../mcp/*', '../../mcp/*', '../cli/*', '../../cli/*', '../dashboard/*'],
              message: 'this layer sits below the MCP server and the CLI; pass what it needs in.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/mcp/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../cli/*', '../../cli/*', '../../../cli/*', '../dashboard/*', '../../dashboard/*'],
              message: 'the MCP server sits below the CLI.',
            },
          ],
        },
      ],
    },
  },
  {
    // The CLI and the dashboard are shells beside the MCP server, not above it: what they share with it lives in shared/.
    files: ['server/src/{cli,dashboard}/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../mcp/**', '../../mcp/**', '../../../mcp/**'],
              message: 'the CLI and the dashboard do not import the MCP server: move the logic into shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/dashboard/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../mcp/**', '../../mcp/**', '../cli/**', '../../cli/**'],
              message: 'the dashboard sits beside the CLI and the MCP server: move what both need into shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    // CommonJS entry points (the bin, webpack config, VS Code test suites) load with require by design.
    files: ['**/*.cjs', 'extension-vscode/test/agent/scripted-model/extension.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
