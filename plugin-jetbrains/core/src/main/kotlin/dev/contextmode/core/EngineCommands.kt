package dev.contextmode.core

import java.io.File

/** The host id the plugin always speaks for: GitHub Copilot in JetBrains IDEs. */
const val HOST_ID = "jetbrains-copilot"

/** Where an engine CLI lives and how to start it: `<node> <cli.cjs> …`. */
data class Engine(val node: String, val cli: String, val version: String, val source: EngineSource)

enum class EngineSource { SETTING, MANAGED, BUNDLED }

/**
 * Builds the argv and environment of every engine command the plugin runs. Every command carries
 * `CONTEXT_MODE_PLATFORM=jetbrains-copilot` (without it the engine would guess the host from whatever config
 * directories exist), and `CONTEXT_MODE_HOME` when the user set a data directory. Read commands ask for `--json`.
 */
class CommandPlanner(private val engine: Engine, private val dataHome: String? = null) {
    private fun spec(args: List<String>, project: File?, timeoutMs: Long = 60_000, stdin: String? = null): CommandSpec {
        val env = linkedMapOf("CONTEXT_MODE_PLATFORM" to HOST_ID)
        dataHome?.let { env["CONTEXT_MODE_HOME"] = it }
        return CommandSpec(listOf(engine.node, engine.cli) + args, workDir = project, env = env, stdin = stdin,
            timeoutMs = timeoutMs)
    }

    private fun projectArgs(project: File?) = if (project != null) listOf("--project", project.path) else emptyList()

    /** The MCP server as Copilot would run it (argv only; Copilot itself reads mcp.json). */
    fun serve(): CommandSpec = spec(listOf("serve"), null, timeoutMs = Long.MAX_VALUE)
    fun version(): CommandSpec = spec(listOf("--version"), null, timeoutMs = 15_000)
    fun stats(project: File) = spec(listOf("stats", "--json") + projectArgs(project), project)
    fun memory(project: File, limit: Int = 50) =
        spec(listOf("memory", "--json", "--limit", limit.toString()) + projectArgs(project), project)
    fun sources(project: File) = spec(listOf("sources", "--json") + projectArgs(project), project)
    fun state(project: File, memoryLimit: Int? = null) =
        spec(listOf("state", "--json") + (memoryLimit?.let { listOf("--memory-limit", it.toString()) } ?: emptyList()) +
            projectArgs(project), project)
    fun doctor(project: File?) = spec(listOf("doctor", "--json") + projectArgs(project), project, timeoutMs = 120_000)

    fun setup(project: File?, dryRun: Boolean) =
        spec(listOf("setup", "--host", HOST_ID, "--json") + (if (dryRun) listOf("--dry-run") else emptyList()) +
            projectArgs(project), project)

    fun uninstall(project: File?, dryRun: Boolean) =
        spec(listOf("uninstall", "--host", HOST_ID, "--json") + (if (dryRun) listOf("--dry-run") else emptyList()) +
            projectArgs(project), project)

    /** A dashboard action, as the page sent it: the engine validates and performs it (`ctxmode action`). */
    fun action(project: File, actionJson: String) =
        spec(listOf("action") + projectArgs(project) + listOf("--", actionJson), project)

    /** Installs [source] (a package folder or tarball) as the managed runtime through the engine's own upgrade. */
    fun upgradeFrom(source: File) =
        spec(listOf("upgrade", "--from", source.path, "--json"), null, timeoutMs = 10 * 60_000)

    fun hook(event: String, payload: String, project: File?) =
        spec(listOf("hook", HOST_ID, event), project, timeoutMs = 30_000, stdin = payload)
}
