import type { Language } from './runtimes.js';

const js = JSON.stringify;
const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const plq = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The script file for `code`: per-language glue so code the model writes runs as written (CommonJS `require`
 * and top-level `await` in JavaScript, `<?php` added, Go's package main), plus, for ctx_execute_file, the file
 * exposed as FILE_CONTENT / FILE_CONTENT_PATH (FILE_CONTENT as context-mode 1.0.169 named it). Every language also gets FILE_CONTENT_PATH
 * in its environment.
 */
export function scriptSource(language: Language, code: string, filePath?: string): string {
  const f = filePath;
  switch (language) {
    case 'javascript':
    case 'typescript': {
      const head = [
        "import { createRequire as __cmCreateRequire } from 'node:module';",
        'const require = __cmCreateRequire(import.meta.url);',
      ];
      if (f) {
        head.push(`const FILE_CONTENT_PATH = ${js(f)};`);
        head.push("const FILE_CONTENT = require('node:fs').readFileSync(FILE_CONTENT_PATH, 'utf8');");
        head.push('const file_path = FILE_CONTENT_PATH;');
      }
      return `${head.join('\n')}\n${code}\n`;
    }
    case 'python':
      return f
        ? `FILE_CONTENT_PATH = ${js(f)}\nfile_path = FILE_CONTENT_PATH\nwith open(FILE_CONTENT_PATH, encoding="utf-8", errors="replace") as __cm_f:\n    FILE_CONTENT = __cm_f.read()\n${code}\n`
        : `${code}\n`;
    case 'shell':
      return f
        ? `FILE_CONTENT_PATH=${shq(f)}\nfile_path="$FILE_CONTENT_PATH"\nFILE_CONTENT=$(cat "$FILE_CONTENT_PATH")\n${code}\n`
        : `${code}\n`;
    case 'ruby':
      return f
        ? `FILE_CONTENT_PATH = ${js(f)}\nFILE_CONTENT = File.read(FILE_CONTENT_PATH, encoding: "UTF-8")\n${code}\n`
        : `${code}\n`;
    case 'perl':
      return f
        ? `my $FILE_CONTENT_PATH = ${plq(f)};\nmy $FILE_CONTENT = do { local $/; open(my $__cm_fh, '<:encoding(UTF-8)', $FILE_CONTENT_PATH) or die "cannot read $FILE_CONTENT_PATH: $!"; <$__cm_fh> };\n${code}\n`
        : `${code}\n`;
    case 'php': {
      const body = code.trimStart().startsWith('<?php') ? code.trimStart().slice(5) : code;
      const pre = f ? `$FILE_CONTENT_PATH = ${plq(f)};\n$FILE_CONTENT = file_get_contents($FILE_CONTENT_PATH);\n` : '';
      return `<?php\n${pre}${body}\n`;
    }
    case 'r':
      return f
        ? `FILE_CONTENT_PATH <- ${js(f)}\nFILE_CONTENT <- paste(readLines(FILE_CONTENT_PATH, warn = FALSE, encoding = "UTF-8"), collapse = "\\n")\n${code}\n`
        : `${code}\n`;
    case 'elixir':
      return f
        ? `file_content = File.read!(System.get_env("FILE_CONTENT_PATH"))\n_ = file_content\n${code}\n`
        : `${code}\n`;
    case 'go':
      // A bare body (no package clause) is wrapped in package main / func main.
      if (/^\s*package\s+\w+/m.test(code)) return code;
      return `package main\n\nimport (\n\t"fmt"\n\t"os"\n)\n\nvar _ = fmt.Sprint\nvar _ = os.Getenv\n\nfunc main() {\n${code}\n}\n`;
    case 'rust':
      return /\bfn\s+main\s*\(/.test(code) ? code : `fn main() {\n${code}\n}\n`;
    case 'csharp':
      return f ? `var FILE_CONTENT = System.IO.File.ReadAllText(${js(f)});\n${code}\n` : `${code}\n`;
  }
}

/**
 * The JavaScript code as the body of an async function taking `require` (the warm Node spare runs it without
 * the module loader, ~6 ms faster), with the same FILE_CONTENT glue; undefined when the code needs the module
 * loader (any `import`, `export`, `import.meta`, `arguments` or `new.target`; the spare itself checks for a
 * top-level `return`). Strict, like the module it replaces.
 */
export function javascriptFunctionBody(code: string, filePath?: string): string | undefined {
  // `arguments` and `new.target` would be the function's own; a module has none (ReferenceError, SyntaxError).
  if (/\bimport\b|\barguments\b|\bnew\s*\.\s*target\b/.test(code) || /(^|[\s;])export\b/m.test(code)) return undefined;
  const lines: string[] = [];
  if (filePath) {
    lines.push(`const FILE_CONTENT_PATH = ${js(filePath)};`);
    lines.push("const FILE_CONTENT = require('node:fs').readFileSync(FILE_CONTENT_PATH, 'utf8');");
    lines.push('const file_path = FILE_CONTENT_PATH;');
  }
  lines.push(code);
  // The spare's wrapper adds 'use strict' on its own first line, so lines and columns match the module file's.
  return `${lines.join('\n')}\n`;
}

/**
 * Whether a shell script can tell being sourced by the warm launcher from being run as `bash script`: a top-level
 * `return` ends a sourced file (and errors in a script), a RETURN trap fires when it ends, FUNCNAME, caller and
 * the BASH_* call-stack arrays gain the `source` frame, `$-` keeps the launcher's `c` and BASH_EXECUTION_STRING
 * its program. The check is textual and errs towards true (a `return` inside a function counts too): such a
 * script is run by a bash of its own, which costs only the ~4 ms that sourcing saves.
 */
export function shellNeedsOwnBash(code: string): boolean {
  return /\breturn\b|\bRETURN\b|\bFUNCNAME\b|\bcaller\b|\bBASH_(EXECUTION_STRING|SOURCE|LINENO|ARGV|ARGC)\b|\$\{?-/.test(
    code,
  );
}
