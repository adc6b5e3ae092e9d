import { readSetting } from '@context-mode/shared/settings/settings';

/**
 * The environment of sandboxed code: an allow-list of the server's own (below) without variables that inject
 * code into interpreters and tools, plus settings that make output plain and UTF-8.
 */
const STRIPPED = new Set([
  'BASH_ENV',
  'ENV',
  'PROMPT_COMMAND',
  'PS4',
  'SHELLOPTS',
  'BASHOPTS',
  'CDPATH',
  'INPUTRC',
  'BASH_XTRACEFD',
  'NODE_OPTIONS',
  'NODE_PATH',
  'PYTHONSTARTUP',
  'PYTHONHOME',
  'PYTHONWARNINGS',
  'PYTHONBREAKPOINT',
  'PYTHONINSPECT',
  'RUBYOPT',
  'RUBYLIB',
  'PERL5OPT',
  'PERL5LIB',
  'PERLLIB',
  'PERL5DB',
  'ERL_AFLAGS',
  'ERL_FLAGS',
  'ELIXIR_ERL_OPTIONS',
  'ERL_LIBS',
  'GOFLAGS',
  'CGO_CFLAGS',
  'CGO_LDFLAGS',
  'RUSTC',
  'RUSTC_WRAPPER',
  'RUSTC_WORKSPACE_WRAPPER',
  'CARGO_BUILD_RUSTC',
  'CARGO_BUILD_RUSTC_WRAPPER',
  'RUSTFLAGS',
  'PHPRC',
  'PHP_INI_SCAN_DIR',
  'R_PROFILE',
  'R_PROFILE_USER',
  'R_HOME',
  'DOTNET_STARTUP_HOOKS',
  'DOTNET_ADDITIONAL_DEPS',
  'DOTNET_SHARED_STORE',
  'DOTNET_ROOT',
  'DOTNET_HOST_PATH',
  'DOTNET_DiagnosticPorts',
  'DOTNET_BUNDLE_EXTRACT_BASE_DIR',
  'CORECLR_ENABLE_PROFILING',
  'LD_PRELOAD',
  'DYLD_INSERT_LIBRARIES',
  'OPENSSL_CONF',
  'OPENSSL_ENGINES',
  'CC',
  'CXX',
  'AR',
  'GIT_TEMPLATE_DIR',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_EXEC_PATH',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_ASKPASS',
]);
const STRIPPED_PREFIXES = ['BASH_FUNC_', 'COMPlus_', 'DOTNET_PROFILER_PATH', 'CORECLR_PROFILER'];

/**
 * What sandboxed code inherits from the server: what command-line tools need to find themselves, their caches
 * and the network (paths, locale, proxies, CA bundles, per-toolchain homes) — never credentials. The server's
 * environment often holds tokens (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, API keys of the host itself), and code
 * the model wrote could print them into the context. A user opts a variable in with
 * CONTEXT_MODE_PASS_ENV=NAME1,NAME2 (a trailing `*` passes a prefix, e.g. AWS_*).
 */
const PASSED = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'TZ',
  'LANGUAGE',
  'HOSTNAME',
  'CI',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NODE_EXTRA_CA_CERTS',
  'REQUESTS_CA_BUNDLE',
  'CURL_CA_BUNDLE',
  'PIP_CERT',
  'GOPATH',
  'GOROOT',
  'GOCACHE',
  'GOMODCACHE',
  'GOBIN',
  'GOPROXY',
  'GOPRIVATE',
  'GOTOOLCHAIN',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'RUSTUP_TOOLCHAIN',
  'NVM_DIR',
  'NVM_BIN',
  'VOLTA_HOME',
  'FNM_DIR',
  'BUN_INSTALL',
  'PYENV_ROOT',
  'PYENV_VERSION',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  'CONDA_DEFAULT_ENV',
  'PIPX_HOME',
  'UV_CACHE_DIR',
  'JAVA_HOME',
  'GRADLE_USER_HOME',
  'MAVEN_HOME',
  'GEM_HOME',
  'GEM_PATH',
  'RBENV_ROOT',
  'BUNDLE_PATH',
  'COMPOSER_HOME',
  'DENO_DIR',
  'PNPM_HOME',
  'HOMEBREW_PREFIX',
  'ASDF_DIR',
  'ASDF_DATA_DIR',
  'MISE_DATA_DIR',
  'SYSTEMROOT',
  'SystemRoot',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'APPDATA',
  'LOCALAPPDATA',
  'USERPROFILE',
  'PROGRAMFILES',
]);
const PASSED_PREFIXES = ['LC_', 'XDG_', 'npm_config_', 'NPM_CONFIG_'];

/** The opt-ins of CONTEXT_MODE_PASS_ENV: exact names and `PREFIX*` patterns. */
function optIns(base: NodeJS.ProcessEnv): { names: Set<string>; prefixes: string[] } {
  const items = readSetting('passEnv', base);
  return {
    names: new Set(items.filter((i) => !i.endsWith('*'))),
    prefixes: items
      .filter((i) => i.endsWith('*'))
      .map((i) => i.slice(0, -1))
      .filter(Boolean),
  };
}

/** Whether `name` reaches sandboxed code (injection variables never do, even when opted in). */
export function passesToSandbox(name: string, base: NodeJS.ProcessEnv): boolean {
  if (STRIPPED.has(name) || STRIPPED_PREFIXES.some((p) => name.startsWith(p))) return false;
  if (PASSED.has(name) || PASSED_PREFIXES.some((p) => name.startsWith(p))) return true;
  const opt = optIns(base);
  return opt.names.has(name) || opt.prefixes.some((p) => name.startsWith(p));
}

export function sandboxEnv(base: NodeJS.ProcessEnv, tmpDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) {
    if (v !== undefined && passesToSandbox(k, base)) env[k] = v;
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
