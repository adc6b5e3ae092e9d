package dev.contextmode.core

import java.io.File

/** What the locator may look at; injected so tests can use temp directories and fake environments. */
data class LocatorEnv(
    /** The user's environment (in the IDE: the login shell's, since GUI apps on macOS lack the shell PATH). */
    val env: Map<String, String>,
    val osName: String = System.getProperty("os.name"),
    val home: String = System.getProperty("user.home"),
) {
    val windows get() = osName.lowercase().startsWith("windows")
}

data class NodeCandidate(val path: String, val origin: String)

sealed interface NodeLookup {
    data class Found(val path: String, val version: String, val origin: String) : NodeLookup
    /** Nothing usable; [rejected] says what was tried and why each was refused (shown to the user). */
    data class Missing(val minimum: String, val rejected: List<String>) : NodeLookup {
        /** The refusal the user reads: the same words and remedy as an engine that cannot open its store. */
        val message get() = "context-mode is not wired into Copilot: it needs Node.js $minimum or newer and found " +
            "none (tried: ${rejected.take(5).joinToString("; ").ifEmpty { "nothing on PATH or in the usual places" }}" +
            "). ${StoreCheck.REMEDY}"
    }
}

/**
 * Finds a Node interpreter the engine can run on: the setting first, then every directory on PATH, then the usual
 * install places of version managers and installers, each checked with `node --version` against [minimum] (taken
 * from the engine's own package.json `engines.node`).
 */
class NodeLocator(
    private val runner: ProcessRunner,
    private val minimum: String,
    private val probeTimeoutMs: Long = 10_000,
) {
    fun candidates(setting: String?, le: LocatorEnv): List<NodeCandidate> {
        val exe = if (le.windows) "node.exe" else "node"
        val out = ArrayList<NodeCandidate>()
        setting?.trim()?.takeIf { it.isNotEmpty() }?.let { out += NodeCandidate(it, "setting") }
        val pathVar = le.env["PATH"] ?: le.env["Path"] ?: ""
        for (dir in pathVar.split(if (le.windows) ';' else ':')) {
            if (dir.isNotBlank()) out += NodeCandidate(File(dir, exe).path, "PATH")
        }
        for (dir in wellKnownDirs(le)) out += NodeCandidate(File(dir, exe).path, "well-known")
        return out.distinctBy { File(it.path).absolutePath }
    }

    fun locate(setting: String?, le: LocatorEnv): NodeLookup {
        val rejected = ArrayList<String>()
        for (c in candidates(setting, le)) {
            val f = File(c.path)
            if (!f.isFile) {
                if (c.origin == "setting") rejected += "${c.path} (setting): no such file"
                continue
            }
            val r = runner.run(CommandSpec(listOf(c.path, "--version"), timeoutMs = probeTimeoutMs), CancelToken())
            val version = if (r.ok) Versions.fromNodeOutput(r.stdout) else null
            when {
                version == null ->
                    rejected += "${c.path} (${c.origin}): does not run as node${r.startError?.let { ": $it" } ?: ""}"
                Versions.compare(version, minimum) < 0 ->
                    rejected += "${c.path} (${c.origin}): v$version is older than $minimum"
                else -> return NodeLookup.Found(c.path, version, c.origin)
            }
        }
        return NodeLookup.Missing(minimum, rejected)
    }

    companion object {
        /** `>=20`, `>=22.5.0`, `^20.1` → the lowest version accepted; anything else → "0.0.0" (no check). */
        fun minimumFromEngines(range: String?): String =
            Regex("""^\s*(?:>=|\^|~)?\s*v?(\d+(?:\.\d+){0,2})""").find(range ?: "")?.groupValues?.get(1)
                ?.let { Versions.parts(it).joinToString(".") } ?: "0.0.0"

        /** Install places used by Node installers and version managers, newest managed version first. */
        fun wellKnownDirs(le: LocatorEnv): List<String> {
            val h = le.home
            if (le.windows) {
                val dirs = ArrayList<String>()
                le.env["ProgramFiles"]?.let { dirs += "$it\\nodejs" }
                le.env["LOCALAPPDATA"]?.let { dirs += "$it\\Volta\\bin"; dirs += "$it\\Programs\\nodejs" }
                le.env["NVM_SYMLINK"]?.let { dirs += it }
                le.env["APPDATA"]?.let { dirs += versionDirs(File("$it\\nvm"), null) }
                return dirs
            }
            val dirs = mutableListOf("/opt/homebrew/bin", "/usr/local/bin", "/usr/bin", "$h/.volta/bin",
                "$h/.asdf/shims", "$h/n/bin", "$h/.local/bin")
            dirs += versionDirs(File(le.env["NVM_DIR"] ?: "$h/.nvm", "versions/node"), "bin")
            dirs += versionDirs(File(le.env["FNM_DIR"] ?: "$h/.local/share/fnm", "node-versions"), "installation/bin")
            dirs += versionDirs(File("$h/Library/Application Support/fnm/node-versions"), "installation/bin")
            return dirs
        }

        private fun versionDirs(root: File, sub: String?): List<String> =
            (root.listFiles()?.filter { it.isDirectory } ?: emptyList())
                .sortedWith { a, b -> Versions.compare(b.name, a.name) }
                .map { if (sub == null) it.path else File(it, sub).path }
    }
}

/**
 * The environment of the user's login shell (`$SHELL -l -c 'env -0'`), whose PATH has what the user's profile adds
 * (nvm, Homebrew, volta). Null on Windows, without a SHELL, or when the shell fails or hangs.
 */
object LoginShellEnv {
    fun read(runner: ProcessRunner, le: LocatorEnv, timeoutMs: Long = 5_000): Map<String, String>? {
        if (le.windows) return null
        val shell = le.env["SHELL"]?.takeIf { it.isNotBlank() } ?: return null
        val r = runner.run(CommandSpec(listOf(shell, "-l", "-c", "env -0"), stdin = "", timeoutMs = timeoutMs),
            CancelToken())
        if (!r.ok) return null
        return parseNulSeparated(r.stdout).takeIf { it.containsKey("PATH") }
    }

    fun parseNulSeparated(text: String): Map<String, String> =
        text.split('\u0000').mapNotNull { e ->
            e.indexOf('=').takeIf { it > 0 }?.let { e.substring(0, it).trim('\n') to e.substring(it + 1) }
        }.toMap()
}
