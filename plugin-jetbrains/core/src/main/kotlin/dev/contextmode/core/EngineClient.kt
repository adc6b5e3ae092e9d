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

    fun stats(project: File, cancel: CancelToken = CancelToken()) = run(planner.stats(project), cancel, StatsReport::from)
    fun memory(project: File, cancel: CancelToken = CancelToken()) = run(planner.memory(project), cancel, MemoryReport::from)
    fun sources(project: File, cancel: CancelToken = CancelToken()) = run(planner.sources(project), cancel, SourcesReport::from)
    fun doctor(project: File?, cancel: CancelToken = CancelToken()) = run(planner.doctor(project), cancel, DoctorReport::from)
    fun setupPlan(project: File?, cancel: CancelToken = CancelToken()) = run(planner.setup(project, dryRun = true), cancel, SetupPlan::from)
    fun setup(project: File?, cancel: CancelToken = CancelToken()) = run(planner.setup(project, dryRun = false), cancel, SetupPlan::from)
    fun uninstallPlan(project: File?, cancel: CancelToken = CancelToken()) = run(planner.uninstall(project, dryRun = true), cancel, SetupPlan::from)
    fun uninstall(project: File?, cancel: CancelToken = CancelToken()) = run(planner.uninstall(project, dryRun = false), cancel, SetupPlan::from)
    fun purgeSession(project: File, session: String? = null, cancel: CancelToken = CancelToken()) = run(planner.purgeSession(project, session), cancel) { it.map }
    fun purgeProject(project: File, cancel: CancelToken = CancelToken()) = run(planner.purgeProject(project), cancel) { it.map }
    fun search(project: File, query: String, cancel: CancelToken = CancelToken()) = run(planner.search(project, query), cancel) { it.map }
    fun deleteSource(project: File, label: String, cancel: CancelToken = CancelToken()) = run(planner.deleteSource(project, label), cancel) { it.map }

    /** `state --json` when the engine has it; an engine without it is answered from stats, memory and sources. */
    fun state(project: File, cancel: CancelToken = CancelToken()): EngineResult<DashboardState> {
        val direct = run(planner.state(project), cancel, DashboardState::from)
        if (direct is EngineResult.Ok || (direct as EngineResult.Failed).error.code != "usage") return direct
        val parts = listOf(planner.stats(project), planner.memory(project), planner.sources(project)).map { spec ->
            when (val r = run(spec, cancel) { it }) {
                is EngineResult.Ok -> r.value
                is EngineResult.Failed -> return r
            }
        }
        return try {
            EngineResult.Ok(DashboardState.assemble(parts[0], parts[1], parts[2]))
        } catch (e: IllegalArgumentException) {
            EngineResult.Failed(EngineError("protocol", "The engine's answer does not match what this plugin expects (${e.message})."))
        }
    }
}
