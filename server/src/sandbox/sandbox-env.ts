/**
 * The environment of sandboxed code: the server's own, minus variables that inject code into interpreters
 * and tools (REFERENCE.md §2.4), plus settings that make output plain and UTF-8.
 */
const STRIPPED = new Set([
  'BASH_ENV', 'ENV', 'PROMPT_COMMAND', 'PS4', 'SHELLOPTS', 'BASHOPTS', 'CDPATH', 'INPUTRC', 'BASH_XTRACEFD',
  'NODE_OPTIONS', 'NODE_PATH', 'PYTHONSTARTUP', 'PYTHONHOME', 'PYTHONWARNINGS', 'PYTHONBREAKPOINT', 'PYTHONINSPECT',
  'RUBYOPT', 'RUBYLIB', 'PERL5OPT', 'PERL5LIB', 'PERLLIB', 'PERL5DB', 'ERL_AFLAGS', 'ERL_FLAGS', 'ELIXIR_ERL_OPTIONS',
  'ERL_LIBS', 'GOFLAGS', 'CGO_CFLAGS', 'CGO_LDFLAGS', 'RUSTC', 'RUSTC_WRAPPER', 'RUSTC_WORKSPACE_WRAPPER',
  'CARGO_BUILD_RUSTC', 'CARGO_BUILD_RUSTC_WRAPPER', 'RUSTFLAGS', 'PHPRC', 'PHP_INI_SCAN_DIR', 'R_PROFILE',
  'R_PROFILE_USER', 'R_HOME', 'DOTNET_STARTUP_HOOKS', 'DOTNET_ADDITIONAL_DEPS', 'DOTNET_SHARED_STORE', 'DOTNET_ROOT',
  'DOTNET_HOST_PATH', 'DOTNET_DiagnosticPorts', 'DOTNET_BUNDLE_EXTRACT_BASE_DIR', 'CORECLR_ENABLE_PROFILING',
  'LD_PRELOAD', 'DYLD_INSERT_LIBRARIES', 'OPENSSL_CONF', 'OPENSSL_ENGINES', 'CC', 'CXX', 'AR', 'GIT_TEMPLATE_DIR',
  'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_EXEC_PATH', 'GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_ASKPASS',
]);
const STRIPPED_PREFIXES = ['BASH_FUNC_', 'COMPlus_', 'DOTNET_PROFILER_PATH', 'CORECLR_PROFILER'];

export function sandboxEnv(base: NodeJS.ProcessEnv, tmpDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) {
    if (v === undefined || STRIPPED.has(k) || STRIPPED_PREFIXES.some((p) => k.startsWith(p))) continue;
    env[k] = v;
  }
  env.PATH = base.PATH || '/usr/local/bin:/usr/bin:/bin';
  env.TMPDIR = tmpDir;
  env.NO_COLOR = '1';
  env.FORCE_COLOR = '0';
  env.LANG = 'C.UTF-8';
  env.LC_ALL = 'C.UTF-8';
  env.PYTHONUNBUFFERED = '1';
  env.PYTHONUTF8 = '1';
  env.PYTHONDONTWRITEBYTECODE = '1';
  return env;
}
