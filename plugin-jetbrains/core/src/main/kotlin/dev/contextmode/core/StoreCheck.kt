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

    /** Null when [client]'s engine opens a store; otherwise the refusal the user reads: why, and what to do. */
    fun refusal(client: EngineClient, cancel: CancelToken = CancelToken()): String? {
        val e = client.engine
        val why = when (val r = client.doctor(null, cancel)) {
            is EngineResult.Failed -> if (r.error.code == "cancelled") return null else r.error.message
            is EngineResult.Ok -> {
                val sqlite = r.value.checks.firstOrNull { it.name == "sqlite" }
                // An engine that reports no sqlite check predates it: trusted, as before this check existed.
                if (sqlite == null || sqlite.status == CheckStatus.OK) return null
                listOfNotNull(sqlite.detail.ifBlank { null }, sqlite.fix).joinToString(" ")
            }
        }
        return "context-mode is not wired into Copilot: the engine ${e.version} (${e.source.name.lowercase()}) on " +
            "${e.node} cannot open its SQLite store: ${why.trimEnd('.')}. $REMEDY"
    }
}
