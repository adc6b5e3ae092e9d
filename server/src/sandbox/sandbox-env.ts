/**
 * The environment of sandboxed code. The server's own environment holds whatever the host was started with —
 * API tokens, cloud credentials — and the code it runs is written by a model, so only an allow list passes:
 * what command-line tools need to find themselves, the user's tool installs, the network (proxies, CA bundles)
 * and the locale. Anything else (a credential a CLI needs, say) passes only when the user names it in
 * `CONTEXT_MODE_PASS_ENV` (comma-separated names; `PREFIX_*` for a family). Variables that inject code into
 * interpreters and tools never pass, named or not. Settings that make output plain and UTF-8 are added.
 */
const ALLOWED = new Set([
  // Who and where.
  'PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'HOSTNAME', 'TZ', 'TERM', 'COLUMNS', 'LANG', 'LANGUAGE', 'TMPDIR',
  // Network: proxies and the certificates a corporate proxy needs.
  'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'no_proxy', 'all_proxy',
  'SSL_CERT_FILE', 'SSL_CERT_DIR', 'NODE_EXTRA_CA_CERTS', 'REQUESTS_CA_BUNDLE', 'CURL_CA_BUNDLE', 'PIP_CERT',
  // Where the user's toolchains live.
  'GOPATH', 'GOROOT', 'GOCACHE', 'GOMODCACHE', 'GOPROXY', 'GOPRIVATE', 'GONOSUMDB', 'GOTOOLCHAIN', 'CARGO_HOME',
  'RUSTUP_HOME', 'RUSTUP_TOOLCHAIN', 'NVM_DIR', 'NVM_BIN', 'NVM_INC', 'VOLTA_HOME', 'FNM_DIR', 'PNPM_HOME', 'BUN_INSTALL',
  'DENO_DIR', 'NPM_CONFIG_PREFIX', 'npm_config_prefix', 'NPM_CONFIG_CACHE', 'npm_config_cache', 'PYENV_ROOT',
  'PYENV_VERSION', 'VIRTUAL_ENV', 'CONDA_PREFIX', 'CONDA_DEFAULT_ENV', 'CONDA_EXE', 'PIPX_HOME', 'UV_CACHE_DIR',
  'POETRY_HOME', 'RBENV_ROOT', 'RBENV_VERSION', 'GEM_HOME', 'GEM_PATH', 'ASDF_DIR', 'ASDF_DATA_DIR', 'MISE_DATA_DIR',
  'JAVA_HOME', 'GRADLE_USER_HOME', 'MAVEN_HOME', 'M2_HOME', 'ANDROID_HOME', 'ANDROID_SDK_ROOT', 'DOTNET_CLI_HOME',
  'NUGET_PACKAGES', 'HOMEBREW_PREFIX', 'HOMEBREW_CELLAR', 'HOMEBREW_REPOSITORY', 'MIX_HOME', 'HEX_HOME', 'R_LIBS_USER',
  'COMPOSER_HOME', 'PERL_LOCAL_LIB_ROOT', 'EDITOR', 'VISUAL', 'PAGER',
]);
const ALLOWED_PREFIXES = ['LC_', 'XDG_'];

/** Injects code into interpreters and tools: never passed, even when named in CONTEXT_MODE_PASS_ENV. */
const STRIPPED = new Set([
  'BASH_ENV', 'ENV', 'PROMPT_COMMAND', 'PS4', 'SHELLOPTS', 'BASHOPTS', 'CDPATH', 'INPUTRC', 'BASH_XTRACEFD',
  'NODE_OPTIONS', 'NODE_PATH', 'PYTHONSTARTUP', 'PYTHONHOME', 'PYTHONWARNINGS', 'PYTHONBREAKPOINT', 'PYTHONINSPECT',
  'RUBYOPT', 'RUBYLIB', 'PERL5OPT', 'PERL5LIB', 'PERLLIB', 'PERL5DB', 'ERL_AFLAGS', 'ERL_FLAGS', 'ELIXIR_ERL_OPTIONS',
  'ERL_LIBS', 'GOFLAGS', 'CGO_CFLAGS', 'CGO_LDFLAGS', 'RUSTC', 'RUSTC_WRAPPER', 'RUSTC_WORKSPACE_WRAPPER',
  'CARGO_BUILD_RUSTC', 'CARGO_BUILD_RUSTC_WRAPPER', 'RUSTFLAGS', 'PHPRC', 'PHP_INI_SCAN_DIR', 'R_PROFILE',
  'R_PROFILE_USER', 'R_HOME', 'DOTNET_STARTUP_HOOKS', 'DOTNET_ADDITIONAL_DEPS', 'DOTNET_SHARED_STORE', 'DOTNET_ROOT',
  'DOTNET_HOST_PATH', 'DOTNET_DiagnosticPorts', 'DOTNET_BUNDLE_EXTRACT_BASE_DIR', 'CORECLR_ENABLE_PROFILING',
  'LD_PRELOAD', 'LD_AUDIT', 'DYLD_INSERT_LIBRARIES', 'OPENSSL_CONF', 'OPENSSL_ENGINES', 'CC', 'CXX',
  'AR', 'GIT_TEMPLATE_DIR', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_EXEC_PATH', 'GIT_SSH', 'GIT_SSH_COMMAND',
  'GIT_ASKPASS',
]);
const STRIPPED_PREFIXES = ['BASH_FUNC_', 'COMPlus_', 'DOTNET_PROFILER_PATH', 'CORECLR_PROFILER'];

/** The names (and `PREFIX_*` families) the user opted in with CONTEXT_MODE_PASS_ENV. */
export function passEnvNames(base: NodeJS.ProcessEnv): { names: Set<string>; prefixes: string[] } {
  const names = new Set<string>();
  const prefixes: string[] = [];
  for (const raw of (base.CONTEXT_MODE_PASS_ENV ?? '').split(',')) {
    const name = raw.trim();
    if (!name) continue;
    if (name.endsWith('*')) {
      if (name.length > 1) prefixes.push(name.slice(0, -1));
    } else names.add(name);
  }
  return { names, prefixes };
}

/** Whether `name` from the server's environment reaches sandboxed code. */
export function passesToSandbox(name: string, base: NodeJS.ProcessEnv, optIn = passEnvNames(base)): boolean {
  if (STRIPPED.has(name) || STRIPPED_PREFIXES.some((p) => name.startsWith(p))) return false;
  if (ALLOWED.has(name) || ALLOWED_PREFIXES.some((p) => name.startsWith(p))) return true;
  return optIn.names.has(name) || optIn.prefixes.some((p) => name.startsWith(p));
}

export function sandboxEnv(base: NodeJS.ProcessEnv, tmpDir: string): NodeJS.ProcessEnv {
  const optIn = passEnvNames(base);
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) {
    if (v !== undefined && passesToSandbox(k, base, optIn)) env[k] = v;
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
