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

    fun state(project: File, memoryLimit: Int? = null, cancel: CancelToken = CancelToken()) = run(planner.state(project, memoryLimit), cancel, DashboardState::from)
    fun deleteEvent(project: File, id: Long, cancel: CancelToken = CancelToken()) = run(planner.deleteEvent(project, id), cancel) { it.map }
    fun pinEvent(project: File, id: Long, pinned: Boolean, cancel: CancelToken = CancelToken()) = run(planner.pinEvent(project, id, pinned), cancel) { it.map }
}
