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
    data class Missing(val message: String) : EngineLookup
}

/**
 * Chooses the engine CLI: the `enginePath` setting, else the managed install under the data root when it is at
 * least as new as the bundled copy, else the copy inside the plugin. Each is checked by running `--version`.
 */
class EngineLocator(private val runner: ProcessRunner) {
    fun version(node: String, cli: File): String? {
        if (!cli.isFile) return null
        val spec = CommandSpec(
            listOf(node, cli.path, "--version"),
            env = mapOf("CONTEXT_MODE_PLATFORM" to HOST_ID),
            timeoutMs = 20_000,
        )
        val r = runner.run(spec, CancelToken())
        return r.stdout.trim().lines().lastOrNull()?.takeIf { r.ok && Regex("""^\d+\.\d+\.\d+""").containsMatchIn(it) }
    }

    fun locate(node: String, setting: String?, layout: PluginLayout, dataHome: File): EngineLookup {
        setting?.trim()?.takeIf { it.isNotEmpty() }?.let { path ->
            val v = version(node, File(path))
                ?: return EngineLookup.Missing(
                    "The engine path setting names $path, which does not run as a context-mode CLI.",
                )
            return EngineLookup.Found(Engine(node, path, v, EngineSource.SETTING), refreshManaged = false)
        }
        val name = layout.packageInfo()?.first ?: "ctxmode"
        val managed = managedCli(dataHome, name)
        val managedV = version(node, managed)
        val bundledV = version(node, layout.bundledCli)
        return when {
            managedV != null && (bundledV == null || Versions.compare(managedV, bundledV) >= 0) ->
                EngineLookup.Found(Engine(node, managed.path, managedV, EngineSource.MANAGED), refreshManaged = false)
            bundledV != null ->
                EngineLookup.Found(
                    Engine(node, layout.bundledCli.path, bundledV, EngineSource.BUNDLED),
                    refreshManaged = true,
                )
            else -> EngineLookup.Missing(
                "No context-mode engine was found: the managed install under $dataHome is missing and the " +
                    "plugin's own copy does not run. Reinstall the plugin or set the engine path.",
            )
        }
    }
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
