package dev.contextmode.core

/**
 * The lines the tool window writes to idea.log for each dashboard action. Every line starts with the action's
 * name; a failure also carries what a bug report needs: the error code, message and hint, and which engine and
 * Node ran it. The page's JSON is not logged (a search query is the user's text).
 */
object ActionLog {
    private fun ran(engine: Engine) =
        "engine ${engine.version} (${engine.source.name.lowercase()}, ${engine.cli}) on ${engine.node}"

    fun answered(action: String, ms: Long, engine: Engine, messages: List<DashboardMessage>): String =
        "dashboard action $action: answered ${messages.joinToString(", ") { it.type }} in $ms ms; ${ran(engine)}"

    fun failed(action: String, ms: Long, engine: Engine?, error: EngineError): String =
        "dashboard action $action failed after $ms ms: [${error.code}] ${error.message}" +
            (error.hint?.let { "; hint: $it" } ?: "") +
            "; " + (engine?.let(::ran) ?: "no engine")

    /** An `error` message the engine answered inside its list (the action was understood but could not be done). */
    fun refused(action: String, message: DashboardMessage): String =
        "dashboard action $action: the engine answered an error: ${message.raw["message"]}" +
            ((message.raw["hint"] as? String)?.let { "; hint: $it" } ?: "")
}
