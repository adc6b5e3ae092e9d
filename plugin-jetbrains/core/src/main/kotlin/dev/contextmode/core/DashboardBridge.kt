package dev.contextmode.core

/**
 * The messages between the shared dashboard page and its host. The page sends actions (`{type:"refresh"}`,
 * `{type:"purge",scope}` …) through `window.contextModeBridge.send(json)`, which the plugin installs before the
 * page loads (a JBCefJSQuery); the plugin answers by calling `window.contextModeReceive(json)` with `state`,
 * `searchResult` and `error` messages. The page is untrusted input: anything that is not a known action with
 * well-typed fields is refused.
 */
sealed interface DashboardAction {
    data class Refresh(val memoryLimit: Int? = null) : DashboardAction
    data class Purge(val scope: String) : DashboardAction
    data class DeleteEvent(val id: Long) : DashboardAction
    data class PinEvent(val id: Long, val pinned: Boolean) : DashboardAction
    data class DeleteSource(val label: String) : DashboardAction
    data class Search(val query: String) : DashboardAction

    /** The action's name in error messages, as the page spells it. */
    val type: String get() = when (this) {
        is Refresh -> "refresh"; is Purge -> "purge"; is DeleteEvent -> "deleteEvent"
        is PinEvent -> "pinEvent"; is DeleteSource -> "deleteSource"; is Search -> "search"
    }

    /** Changes the stores, so the view refreshes afterwards. */
    val mutates get() = this is Purge || this is DeleteEvent || this is PinEvent || this is DeleteSource
}

object DashboardBridge {
    fun parseAction(text: String): Result<DashboardAction> = runCatching {
        @Suppress("UNCHECKED_CAST")
        val m = JsonObject(Json.parse(text) as? Map<String, Any?> ?: throw IllegalArgumentException("not an object"))
        fun id(): Long = (m.map["id"] as? Long)?.takeIf { it >= 0 } ?: throw IllegalArgumentException("${m.map["type"]} needs an event id")
        when (m.strOrNull("type")) {
            "refresh" -> DashboardAction.Refresh((m.map["memoryLimit"] as? Long)?.takeIf { it in 1..10_000 }?.toInt())
            "purge" -> DashboardAction.Purge(m.strOrNull("scope")?.takeIf { it == "session" || it == "project" } ?: throw IllegalArgumentException("purge needs scope session or project"))
            "deleteEvent" -> DashboardAction.DeleteEvent(id())
            "pinEvent" -> DashboardAction.PinEvent(id(), m.map["pinned"] as? Boolean ?: throw IllegalArgumentException("pinEvent needs pinned"))
            "deleteSource" -> DashboardAction.DeleteSource(m.strOrNull("label")?.takeIf { it.isNotEmpty() && it.length <= 4096 } ?: throw IllegalArgumentException("deleteSource needs a label"))
            "search" -> DashboardAction.Search(m.strOrNull("query")?.takeIf { it.isNotBlank() && it.length <= 2000 } ?: throw IllegalArgumentException("search needs a query"))
            else -> throw IllegalArgumentException("unknown action ${Json.write(m.map["type"])}")
        }
    }

    fun stateMessage(state: DashboardState): String = Json.write(mapOf("type" to "state", "state" to state.raw))
    fun searchResultMessage(query: String, result: Map<String, Any?>): String = Json.write(mapOf("type" to "searchResult", "query" to query, "result" to result))
    fun busyMessage(action: String): String = Json.write(mapOf("type" to "busy", "action" to action))
    fun errorMessage(action: String, error: EngineError): String =
        Json.write(linkedMapOf<String, Any?>("type" to "error", "action" to action, "message" to error.message).apply { error.hint?.let { put("hint", it) } })

    /**
     * The script that hands [messageJson] to the page (Kotlin → JS): the message travels as a JSON string literal,
     * and the writer escapes `<` and U+2028/2029, so no message text can end the script or break the line.
     */
    fun deliverScript(messageJson: String): String =
        "if (window.contextModeReceive) window.contextModeReceive(${Json.write(messageJson)});"

    /** Installs `window.contextModeBridge` given the JBCefJSQuery injection code for a variable named `json`. */
    fun bridgeScript(injectedCall: String): String =
        "window.contextModeBridge = { send: function (json) { $injectedCall } };"
}
