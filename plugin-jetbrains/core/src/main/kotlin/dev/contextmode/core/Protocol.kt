package dev.contextmode.core

/*
 * Kotlin views of the engine's JSON documents (the TypeScript types in shared/src/protocol are the source; the
 * contract tests parse what the engine really prints). Each model reads only the fields the plugin uses, so the
 * engine may add fields freely; a field the plugin needs that is missing or mistyped is a parse error naming it.
 */

data class ProjectRef(val id: String, val root: String, val name: String) {
    companion object {
        fun from(o: JsonObject) = ProjectRef(o.str("id"), o.str("root"), o.str("name"))
    }
}

data class StatsTotals(val entries: Long, val rawBytes: Long, val returnedBytes: Long, val savedBytes: Long,
    val ownCostBytes: Long, val netBytes: Long, val netTokens: Long) {
    companion object {
        fun from(o: JsonObject) = StatsTotals(
            o.long("entries"), o.long("rawBytes"), o.long("returnedBytes"), o.long("savedBytes"),
            o.long("ownCostBytes"), o.long("netBytes"),
            o.obj("estimatedTokens").long("net"),
        )
    }
}

data class ToolStat(val tool: String, val calls: Long, val savedBytes: Long)

data class StatsReport(
    val project: ProjectRef,
    val sessionId: String?,
    val session: StatsTotals?,
    val projectTotals: StatsTotals,
    val allTime: StatsTotals,
    val tools: List<ToolStat>,
    val tokensAreEstimates: Boolean,
) {
    companion object {
        const val SCHEMA = "context-mode.stats/1"
        fun from(o: JsonObject): StatsReport {
            requireSchema(o, SCHEMA)
            val s = o.objOrNull("session")
            return StatsReport(
                ProjectRef.from(o.obj("project")), s?.str("id"), s?.let { StatsTotals.from(it) },
                StatsTotals.from(o.obj("projectTotals")), StatsTotals.from(o.obj("allTime")),
                o.objects("tools").map { ToolStat(it.str("tool"), it.long("calls"), it.long("savedBytes")) },
                o.bool("tokensAreEstimates"),
            )
        }
    }
}

data class MemorySession(val id: String, val host: String, val events: Long)
data class MemoryEvent(val id: Long, val sessionId: String, val category: String, val data: String, val pinned: Boolean,
    val time: String)

data class MemoryReport(val project: ProjectRef, val sessions: List<MemorySession>, val events: List<MemoryEvent>) {
    companion object {
        const val SCHEMA = "context-mode.memory/1"
        fun from(o: JsonObject): MemoryReport {
            requireSchema(o, SCHEMA)
            return MemoryReport(
                ProjectRef.from(o.obj("project")),
                o.objects("sessions").map { MemorySession(it.str("id"), it.str("host"), it.long("events")) },
                o.objects("events").map {
                    MemoryEvent(
                        it.long("id"), it.str("sessionId"), it.str("category"), it.str("data"), it.bool("pinned"),
                        it.str("time"),
                    )
                },
            )
        }
    }
}

data class SourceEntry(val label: String, val chunks: Long, val bytes: Long)

/** The knowledge base's sources: `sources --json` (`sources: [...]`) and the dashboard state (`items: [...]`). */
data class SourcesReport(val sources: List<SourceEntry>, val chunks: Long, val bytes: Long) {
    companion object {
        fun from(o: JsonObject) = SourcesReport(
            o.objects(if (o.map["items"] is List<*>) "items" else "sources").map {
                SourceEntry(it.str("source"), it.long("chunks"), it.long("bytes"))
            },
            o.long("chunks"), o.long("bytes"),
        )
    }
}

enum class CheckStatus { OK, WARN, FAIL }

data class DoctorCheck(val name: String, val status: CheckStatus, val detail: String, val fix: String?)

data class DoctorReport(val ok: Boolean, val checks: List<DoctorCheck>) {
    val problems get() = checks.filter { it.status != CheckStatus.OK }

    companion object {
        fun from(o: JsonObject) = DoctorReport(
            o.bool("ok"),
            o.objects("checks").map {
                val status = runCatching { CheckStatus.valueOf(it.str("status")) }
                    .getOrElse { _ -> throw IllegalArgumentException("doctor check status ${it.strOrNull("status")}") }
                DoctorCheck(it.str("name"), status, it.strOrNull("detail") ?: "", it.strOrNull("fix"))
            },
        )
    }
}

data class SetupFileError(val code: String, val message: String, val fix: String?)
data class SetupFile(val path: String, val scope: String, val parts: List<String>, val action: String, val diff: String,
    val error: SetupFileError?)
data class SetupHost(val host: String, val displayName: String, val files: List<SetupFile>, val notes: List<String>)

/** `setup|uninstall --json` (`context-mode.setup-plan/1`): the files that change, with diffs; applied or dry run. */
data class SetupPlan(val command: String, val dryRun: Boolean, val applied: Boolean, val project: String?,
    val hosts: List<SetupHost>, val ok: Boolean) {
    val files get() = hosts.flatMap { it.files }
    val changes get() = files.filter { it.action != "unchanged" }

    companion object {
        const val SCHEMA = "context-mode.setup-plan/1"
        fun from(o: JsonObject): SetupPlan {
            requireSchema(o, SCHEMA)
            return SetupPlan(
                o.str("command"), o.bool("dryRun"), o.bool("applied"), o.strOrNull("project"),
                o.objects("hosts").map { h ->
                    SetupHost(h.str("host"), h.str("displayName"), h.objects("files").map { f ->
                        SetupFile(f.str("path"), f.str("scope"), f.strings("parts"), f.str("action"),
                            f.strOrNull("diff") ?: "",
                            f.objOrNull("error")?.let {
                                SetupFileError(it.str("code"), it.str("message"), it.strOrNull("fix"))
                            })
                    }, h.strings("notes"))
                },
                o.bool("ok"),
            )
        }
    }
}

/** `upgrade --json` prints `{ upgrade: UpgradeReport, doctor }`. */
data class UpgradeReport(val runtime: String, val before: String?, val after: String?, val ok: Boolean,
    val error: String?) {
    companion object {
        const val SCHEMA = "context-mode.upgrade/1"
        fun from(root: JsonObject): UpgradeReport {
            val o = root.objOrNull("upgrade") ?: root
            requireSchema(o, SCHEMA)
            return UpgradeReport(o.str("runtime"), o.strOrNull("before"), o.strOrNull("after"), o.bool("ok"),
                o.strOrNull("error"))
        }
    }
}

/**
 * What the dashboard shows, in one document: `state --json` (`context-mode.dashboard-state/1`). [raw] is what
 * the page receives, unchanged.
 */
data class DashboardState(val project: ProjectRef, val stats: StatsReport, val memory: MemoryReport,
    val sources: SourcesReport, val raw: Map<String, Any?>) {
    companion object {
        const val SCHEMA = "context-mode.dashboard-state/1"
        fun from(o: JsonObject): DashboardState {
            requireSchema(o, SCHEMA)
            return DashboardState(ProjectRef.from(o.obj("project")), StatsReport.from(o.obj("stats")),
                MemoryReport.from(o.obj("memory")), SourcesReport.from(o.obj("sources")), o.map)
        }
    }
}

/** A failed engine command as the user sees it: what happened and, when known, what to do. */
data class EngineError(val code: String, val message: String, val hint: String? = null) {
    /** The engine gave no answer (not started, timed out, cancelled, killed): asking again may get one. */
    val unanswered get() = code in UNANSWERED

    companion object {
        /** The engine's JSON error document (shared/src/protocol/error.ts), on stdout with a non-zero exit. */
        const val SCHEMA = "context-mode.error/1"
        private val UNANSWERED = setOf("spawn", "timeout", "cancelled", "killed")

        /** The engine answered something this plugin does not understand: the two were not updated together. */
        fun protocol(why: String?) = EngineError(
            "protocol",
            "The engine's answer does not match what this plugin expects ($why). " +
                "Update the plugin and the engine together.",
        )
        fun from(o: JsonObject) = EngineError(
            o.strOrNull("code") ?: "engine",
            o.strOrNull("message") ?: "engine error",
            o.strOrNull("hint") ?: o.strOrNull("fix"),
        )
    }
}

sealed interface EngineResult<out T> {
    data class Ok<T>(val value: T) : EngineResult<T>
    data class Failed(val error: EngineError) : EngineResult<Nothing>
}

object EngineOutput {
    /**
     * Turns a finished engine process into a typed value or an error. The engine prints its JSON on stdout even
     * for some failures (a setup plan with `ok: false`), so stdout is parsed first; an error document there
     * (`{ schema: "context-mode.error/1", code, message, hint }`, or `{ error: { code, message, hint } }`) wins;
     * otherwise the last stderr line explains the failure.
     */
    fun <T> parse(r: ProcessResult, model: (JsonObject) -> T): EngineResult<T> {
        if (r.startError != null) {
            return EngineResult.Failed(EngineError("spawn", "The engine could not be started: ${r.startError}"))
        }
        if (r.timedOut) return EngineResult.Failed(EngineError("timeout", "The engine did not answer in time."))
        if (r.cancelled) return EngineResult.Failed(EngineError("cancelled", "Cancelled."))
        if (r.killedBySignal) {
            return EngineResult.Failed(EngineError("killed",
                "The engine was stopped by signal ${r.exitCode!! - 128} before it answered."))
        }
        val doc = r.stdout.trim().takeIf { it.startsWith("{") }
            ?.let { runCatching { JsonObject.parse(it) }.getOrNull() }
        if (doc?.strOrNull("schema") == EngineError.SCHEMA) return EngineResult.Failed(EngineError.from(doc))
        doc?.objOrNull("error")?.let { return EngineResult.Failed(EngineError.from(it)) }
        if (doc != null) {
            return try {
                EngineResult.Ok(model(doc))
            } catch (e: IllegalArgumentException) {
                EngineResult.Failed(EngineError.protocol(e.message))
            }
        }
        val why = r.stderr.trim().lines().lastOrNull { it.isNotBlank() }
            ?.removePrefix("context-mode: ")?.removePrefix("ctxmode: ")
        val code = when (r.exitCode) { 2 -> "usage"; else -> "engine" }
        return EngineResult.Failed(EngineError(code, why
            ?: "The engine exited with code ${r.exitCode} and printed nothing."))
    }
}

internal fun requireSchema(o: JsonObject, schema: String) {
    val got = o.strOrNull("schema")
    require(got == null || got == schema) { "schema is $got, expected $schema" }
}
