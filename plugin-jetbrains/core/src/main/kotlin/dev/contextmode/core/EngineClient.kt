package dev.contextmode.core

import java.io.File

/**
 * Every engine operation the plugin performs, typed: one engine command each (the plugin holds no engine
 * logic). Setup and uninstall go through the engine's own plan: a dry run first (to show the diffs), then the run
 * that writes.
 */
class EngineClient(private val runner: ProcessRunner, val engine: Engine, dataHome: String? = null) {
    val planner = CommandPlanner(engine, dataHome)

    private fun <T> run(spec: CommandSpec, cancel: CancelToken, model: (JsonObject) -> T): EngineResult<T> =
        EngineOutput.parse(runner.run(spec, cancel), model)

    /**
     * A command that changes the stores: success is its exit code. Its JSON answer is passed on when it prints one
     * (some subcommands, e.g. `memory pin`, print a text line even with `--json`).
     */
    private fun mutate(spec: CommandSpec, cancel: CancelToken): EngineResult<Map<String, Any?>> {
        val r = runner.run(spec, cancel)
        if (r.ok && !r.stdout.trimStart().startsWith("{")) return EngineResult.Ok(mapOf("output" to r.stdout.trim()))
        return EngineOutput.parse(r) { it.map }
    }

    fun stats(project: File, cancel: CancelToken = CancelToken()) = run(planner.stats(project), cancel, StatsReport::from)
    fun memory(project: File, cancel: CancelToken = CancelToken()) = run(planner.memory(project), cancel, MemoryReport::from)
    fun sources(project: File, cancel: CancelToken = CancelToken()) = run(planner.sources(project), cancel, SourcesReport::from)
    fun doctor(project: File?, cancel: CancelToken = CancelToken()) = run(planner.doctor(project), cancel, DoctorReport::from)
    fun setupPlan(project: File?, cancel: CancelToken = CancelToken()) = run(planner.setup(project, dryRun = true), cancel, SetupPlan::from)
    fun setup(project: File?, cancel: CancelToken = CancelToken()) = run(planner.setup(project, dryRun = false), cancel, SetupPlan::from)
    fun uninstallPlan(project: File?, cancel: CancelToken = CancelToken()) = run(planner.uninstall(project, dryRun = true), cancel, SetupPlan::from)
    fun uninstall(project: File?, cancel: CancelToken = CancelToken()) = run(planner.uninstall(project, dryRun = false), cancel, SetupPlan::from)
    fun purgeSession(project: File, session: String? = null, cancel: CancelToken = CancelToken()) = mutate(planner.purgeSession(project, session), cancel)
    fun purgeProject(project: File, cancel: CancelToken = CancelToken()) = mutate(planner.purgeProject(project), cancel)
    fun search(project: File, query: String, cancel: CancelToken = CancelToken()) = run(planner.search(project, query), cancel) { it.map }
    fun deleteSource(project: File, label: String, cancel: CancelToken = CancelToken()) = mutate(planner.deleteSource(project, label), cancel)

    fun state(project: File, memoryLimit: Int? = null, cancel: CancelToken = CancelToken()) = run(planner.state(project, memoryLimit), cancel, DashboardState::from)
    fun deleteEvent(project: File, id: Long, cancel: CancelToken = CancelToken()) = mutate(planner.deleteEvent(project, id), cancel)
    fun pinEvent(project: File, id: Long, pinned: Boolean, cancel: CancelToken = CancelToken()) = mutate(planner.pinEvent(project, id, pinned), cancel)
}
