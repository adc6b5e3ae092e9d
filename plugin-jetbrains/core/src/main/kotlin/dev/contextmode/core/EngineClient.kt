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

    fun stats(project: File, cancel: CancelToken = CancelToken()) =
        run(planner.stats(project), cancel, StatsReport::from)
    fun memory(project: File, cancel: CancelToken = CancelToken()) =
        run(planner.memory(project), cancel, MemoryReport::from)
    fun sources(project: File, cancel: CancelToken = CancelToken()) =
        run(planner.sources(project), cancel, SourcesReport::from)
    fun doctor(project: File?, cancel: CancelToken = CancelToken()) =
        run(planner.doctor(project), cancel, DoctorReport::from)
    fun setupPlan(project: File?, cancel: CancelToken = CancelToken()) =
        run(planner.setup(project, dryRun = true), cancel, SetupPlan::from)
    fun setup(project: File?, cancel: CancelToken = CancelToken()) =
        run(planner.setup(project, dryRun = false), cancel, SetupPlan::from)
    fun uninstallPlan(project: File?, cancel: CancelToken = CancelToken()) =
        run(planner.uninstall(project, dryRun = true), cancel, SetupPlan::from)
    fun uninstall(project: File?, cancel: CancelToken = CancelToken()) =
        run(planner.uninstall(project, dryRun = false), cancel, SetupPlan::from)

    /**
     * A dashboard action through the engine (`ctxmode action`): the messages it printed for the page, or why it
     * could not run (a refused action exits 2 with an error document).
     */
    fun action(project: File, actionJson: String,
        cancel: CancelToken = CancelToken()): EngineResult<List<DashboardMessage>> {
        val r = runner.run(planner.action(project, actionJson), cancel)
        val text = r.stdout.trim()
        if (r.ok && text.startsWith("[")) {
            return try {
                EngineResult.Ok(DashboardMessage.list(text))
            } catch (e: IllegalArgumentException) {
                EngineResult.Failed(EngineError.protocol(e.message))
            }
        }
        return EngineOutput.parse(r) { throw IllegalArgumentException("an action answers a JSON array of messages") }
    }

    fun state(project: File, memoryLimit: Int? = null, cancel: CancelToken = CancelToken()) =
        run(planner.state(project, memoryLimit), cancel, DashboardState::from)
}
