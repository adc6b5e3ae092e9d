package dev.contextmode.core

/**
 * Never half-installed: an engine that cannot open its SQLite store (no `node:sqlite` before Node 22.5, no
 * better-sqlite3 built for this Node, no FTS5) must not be wired into Copilot, whose hooks would then send the agent
 * to tools that fail. The engine itself is asked (`doctor --json`, its `sqlite` check), so the plugin decides nothing
 * the engine does not.
 */
object StoreCheck {
    /** Where a missing runtime is fixed for good: a Node with the driver built in. */
    const val REMEDY = "Install Node.js 22.13 or newer (it has node:sqlite built in) and set its path in " +
        "Settings → Tools → context-mode if it is not on PATH, then Tools → context-mode → Refresh."

    /**
     * Why the engine is not used. [lasting]: the engine answered (its check failed, or `doctor` itself did), so the
     * same engine on the same Node answers the same and the session may remember it. Not lasting: `doctor` gave no
     * answer (timed out, killed, not started — a busy machine, an IDE still starting); the next action asks again.
     */
    data class Refusal(val message: String, val lasting: Boolean)

    /** Null when [client]'s engine opens a store (or the check was cancelled); otherwise why not, for the user. */
    fun refusal(client: EngineClient, cancel: CancelToken = CancelToken()): Refusal? {
        val e = client.engine
        val engine = "the engine ${e.version} (${e.source.name.lowercase()}) on ${e.node}"
        val why = when (val r = client.doctor(null, cancel)) {
            is EngineResult.Failed -> when {
                r.error.code == "cancelled" -> return null
                r.error.unanswered -> return Refusal(noAnswer(engine, client, r.error), lasting = false)
                else -> r.error.message
            }
            is EngineResult.Ok -> {
                val sqlite = r.value.checks.firstOrNull { it.name == "sqlite" }
                // An engine that reports no sqlite check predates it: trusted, as before this check existed.
                if (sqlite == null || sqlite.status == CheckStatus.OK) return null
                listOfNotNull(sqlite.detail.ifBlank { null }, sqlite.fix).joinToString(" ")
            }
        }
        return Refusal("context-mode is not wired into Copilot: $engine cannot open its SQLite store: " +
            "${why.trimEnd('.')}. $REMEDY", lasting = true)
    }

    /** Says that the check did not finish, not that the store cannot be opened: nothing is known about it yet. */
    private fun noAnswer(engine: String, client: EngineClient, error: EngineError): String {
        val what = if (error.code == "timeout") {
            "it timed out after ${client.planner.doctor(null).timeoutMs / 1000} s"
        } else {
            error.message.trimEnd('.')
        }
        return "context-mode is not wired into Copilot yet: $engine gave no answer to its store check " +
            "(`doctor`): $what. The next action checks again."
    }
}
