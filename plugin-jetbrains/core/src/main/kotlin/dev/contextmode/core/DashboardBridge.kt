package dev.contextmode.core

/**
 * The messages between the dashboard page and its host, the same ones the VS Code webview uses: the page sends
 * actions (`{type:"refresh"}`, `{type:"purge",scope}` …) and receives `state`, `searchResult` and `error`. In
 * JCEF the page calls `window.ctxBridge.post(json)`, and the host answers with `window.postMessage(msg, "*")`.
 * The page is untrusted input: anything that is not a known action with well-typed fields is refused.
 */
sealed interface DashboardAction {
    object Refresh : DashboardAction
    data class Purge(val scope: String, val session: String?) : DashboardAction
    data class DeleteSource(val label: String) : DashboardAction
    data class Search(val query: String) : DashboardAction

    /** Changes the stores, so the view refreshes afterwards. */
    val mutates get() = this is Purge || this is DeleteSource
}

object DashboardBridge {
    private val idPattern = Regex("""^[\w-]{1,128}$""")

    fun parseAction(text: String): Result<DashboardAction> = runCatching {
        val m = JsonObject(Json.parse(text) as? Map<String, Any?> ?: throw IllegalArgumentException("not an object"))
        when (m.strOrNull("type")) {
            "refresh" -> DashboardAction.Refresh
            "purge" -> {
                val scope = m.strOrNull("scope")
                require(scope == "session" || scope == "project") { "purge needs scope session or project" }
                val session = m.map["session"]?.let { it as? String ?: (it as? Long)?.toString() }
                require(m.map["session"] == null || (session != null && idPattern.matches(session))) { "bad session id" }
                DashboardAction.Purge(scope!!, session)
            }
            "deleteSource" -> DashboardAction.DeleteSource(m.strOrNull("label")?.takeIf { it.isNotEmpty() && it.length <= 4096 } ?: throw IllegalArgumentException("deleteSource needs a label"))
            "search" -> DashboardAction.Search(m.strOrNull("query")?.takeIf { it.isNotBlank() && it.length <= 2000 } ?: throw IllegalArgumentException("search needs a query"))
            else -> throw IllegalArgumentException("unknown action ${Json.write(m.map["type"])}")
        }
    }

    fun stateMessage(state: DashboardState): String = Json.write(mapOf("type" to "state", "state" to state.raw))
    fun searchResultMessage(query: String, result: Map<String, Any?>): String = Json.write(mapOf("type" to "searchResult", "query" to query, "result" to result))
    fun errorMessage(action: String, error: EngineError): String =
        Json.write(linkedMapOf<String, Any?>("type" to "error", "action" to action, "message" to error.message).apply { error.hint?.let { put("hint", it) } })

    /** The script that delivers [messageJson] to the page (Kotlin → JS). The JSON writer escapes `<` and U+2028. */
    fun deliverScript(messageJson: String): String = "window.postMessage($messageJson, '*');"

    /** The script that installs `window.ctxBridge` given the JBCefJSQuery injection for a variable named `msg`. */
    fun bridgeScript(injectedCall: String): String =
        "window.ctxBridge = { transport: 'jetbrains', post: function (m) { var msg = typeof m === 'string' ? m : JSON.stringify(m); $injectedCall } };" +
            "window.dispatchEvent(new Event('ctxbridge-ready'));"
}
