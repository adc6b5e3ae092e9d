package dev.contextmode.core

import java.io.File

/**
 * What the plugin zip carries (`<plugin>/context-mode/`): `engine/`, the server package's files as npm installs them
 * (bin, dist — with the dashboard bundle — package.json, README, LICENSE). It runs as is, and it is the folder the
 * managed runtime that hooks and other hosts share is installed from: the engine ships once, with no tarball of it.
 */
data class PluginLayout(val pluginDir: File) {
    val root get() = File(pluginDir, "context-mode")
    val engineDir get() = File(root, "engine")
    val bundledCli get() = File(engineDir, "bin/context-mode.cjs")
    val bundledPackageJson get() = File(engineDir, "package.json")
    /** The shared dashboard bundle ships inside the engine (`dist/dashboard`), the same files every shell serves. */
    val dashboardDir get() = File(engineDir, "dist/dashboard")

    /** The engine's npm name and its `engines.node` range, read from the bundled package.json. */
    fun packageInfo(): Pair<String, String?>? = runCatching {
        val pkg = JsonObject.parse(bundledPackageJson.readText())
        pkg.str("name") to pkg.objOrNull("engines")?.strOrNull("node")
    }.getOrNull()

    /** The version of the engine the plugin carries (its package.json), without running it. */
    fun engineVersion(): String? =
        runCatching { JsonObject.parse(bundledPackageJson.readText()).strOrNull("version") }.getOrNull()
}

/** The data root: CONTEXT_MODE_HOME, else `~/.context-mode` (shared with the engine and the VS Code extension). */
fun dataHome(setting: String?, env: Map<String, String>, home: String): File =
    File(setting?.takeIf { it.isNotBlank() } ?: env["CONTEXT_MODE_HOME"]?.takeIf { it.isNotBlank() }
        ?: "$home/.context-mode")

fun managedCli(dataHome: File, packageName: String): File =
    File(dataHome, "runtime/node_modules/${packageName}/bin/context-mode.cjs")

sealed interface EngineLookup {
    /** [refreshManaged]: the bundled engine is newer than the managed install (or there is none): install it. */
    data class Found(val engine: Engine, val refreshManaged: Boolean) : EngineLookup
    /**
     * [lasting]: every CLI looked at is absent or ran and gave no version, which the same inputs give again. Not
     * lasting: a `--version` gave no answer (timed out under load, killed), so the next connect looks again.
     */
    data class Missing(val message: String, val lasting: Boolean = true) : EngineLookup
}

/** A CLI's `--version`: the version, or null; [answered] is false when the run gave no answer (timed out, killed). */
data class VersionProbe(val version: String?, val answered: Boolean)

/**
 * Chooses the engine CLI: the `enginePath` setting, else the managed install under the data root when it is at
 * least as new as the bundled copy, else the copy inside the plugin. Each is checked by running `--version`.
 */
class EngineLocator(private val runner: ProcessRunner) {
    fun probe(node: String, cli: File): VersionProbe {
        if (!cli.isFile) return VersionProbe(null, answered = true)
        val spec = CommandSpec(
            listOf(node, cli.path, "--version"),
            env = mapOf("CONTEXT_MODE_PLATFORM" to HOST_ID),
            timeoutMs = VERSION_TIMEOUT_MS,
        )
        val r = runner.run(spec, CancelToken())
        val v = r.stdout.trim().lines().lastOrNull()
            ?.takeIf { r.ok && Regex("""^\d+\.\d+\.\d+""").containsMatchIn(it) }
        return VersionProbe(v, answered = r.answered)
    }

    fun version(node: String, cli: File): String? = probe(node, cli).version

    fun locate(node: String, setting: String?, layout: PluginLayout, dataHome: File): EngineLookup {
        setting?.trim()?.takeIf { it.isNotEmpty() }?.let { path ->
            val p = probe(node, File(path))
            val v = p.version ?: return EngineLookup.Missing(
                if (p.answered) "The engine path setting names $path, which does not run as a context-mode CLI."
                else noAnswer(path),
                lasting = p.answered,
            )
            return EngineLookup.Found(Engine(node, path, v, EngineSource.SETTING), refreshManaged = false)
        }
        val name = layout.packageInfo()?.first ?: "ctxmode"
        val managed = managedCli(dataHome, name)
        val managedP = probe(node, managed)
        val bundledP = probe(node, layout.bundledCli)
        val managedV = managedP.version
        val bundledV = bundledP.version
        return when {
            managedV != null && (bundledV == null || Versions.compare(managedV, bundledV) >= 0) ->
                EngineLookup.Found(Engine(node, managed.path, managedV, EngineSource.MANAGED), refreshManaged = false)
            bundledV != null ->
                EngineLookup.Found(
                    Engine(node, layout.bundledCli.path, bundledV, EngineSource.BUNDLED),
                    refreshManaged = true,
                )
            !managedP.answered -> EngineLookup.Missing(noAnswer(managed.path), lasting = false)
            !bundledP.answered -> EngineLookup.Missing(noAnswer(layout.bundledCli.path), lasting = false)
            else -> EngineLookup.Missing(
                "No context-mode engine was found: the managed install under $dataHome is missing and the " +
                    "plugin's own copy does not run. Reinstall the plugin or set the engine path.",
            )
        }
    }

    /** Says that the engine did not answer in time, not that there is none: nothing is known about it yet. */
    private fun noAnswer(cli: String) =
        "context-mode is not wired into Copilot yet: the engine at $cli gave no answer to `--version` within " +
            "${VERSION_TIMEOUT_MS / 1000} s (timed out or stopped; the IDE may still be starting). The next action " +
            "looks again."

    companion object { const val VERSION_TIMEOUT_MS = 20_000L }
}

/**
 * Installs the engine folder shipped in the plugin as the managed runtime (`<data home>/runtime`), through the
 * engine's own `upgrade --from <engine dir>` (npm copies the folder, so the runtime outlives a plugin update), so
 * hooks and other hosts run a pinned install outside the IDE.
 */
class ManagedRuntime(private val runner: ProcessRunner) {
    data class Result(val ok: Boolean, val version: String?, val message: String)

    fun install(bundled: Engine, layout: PluginLayout, dataHome: String?, cancel: CancelToken = CancelToken()): Result {
        if (!layout.bundledPackageJson.isFile) {
            return Result(false, null, "The plugin carries no engine package under ${layout.engineDir}.")
        }
        val r = runner.run(CommandPlanner(bundled, dataHome).upgradeFrom(layout.engineDir), cancel)
        val parsed = EngineOutput.parse(r) { UpgradeReport.from(it) }
        return when (parsed) {
            is EngineResult.Ok ->
                if (parsed.value.ok) Result(true, parsed.value.after,
                "managed runtime ${parsed.value.after ?: "?"} installed in ${parsed.value.runtime}")
                else Result(false, parsed.value.after, parsed.value.error ?: "upgrade failed")
            is EngineResult.Failed -> Result(false, null, parsed.error.message)
        }
    }
}
