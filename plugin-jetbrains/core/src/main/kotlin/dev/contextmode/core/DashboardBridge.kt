package dev.contextmode.core

/**
 * The messages between the shared dashboard page and its host. The page sends actions (`{type:"refresh"}`,
 * `{type:"purge",scope}` …) through `window.contextModeBridge.send(json)`, which the plugin installs before the
 * page loads (a JBCefJSQuery); the plugin hands each one, unread, to the engine (`ctxmode action`, which validates
 * and performs it for every shell) and answers by calling `window.contextModeReceive(json)` with each message the
 * engine printed: `state`, `searchResult` and `error` (docs/dashboard.md; examples in
 * shared/test/protocol/golden/actions/).
 */
data class DashboardMessage(val type: String, val raw: Map<String, Any?>, val state: DashboardState? = null) {
    val json: String get() = Json.write(raw)

    companion object {
        /** The JSON array `ctxmode action` prints; a message the page would not understand is a protocol error. */
        fun list(text: String): List<DashboardMessage> {
            val items = Json.parse(text) as? List<*>
                ?: throw IllegalArgumentException("an action answers a JSON array of messages")
            return items.mapIndexed { i, item ->
                @Suppress("UNCHECKED_CAST")
                val o = JsonObject(item as? Map<String, Any?>
                    ?: throw IllegalArgumentException("message $i is not an object"), "$[$i]")
                when (val type = o.str("type")) {
                    "state" -> DashboardMessage(type, o.map, DashboardState.from(o.obj("state")))
                    "searchResult" -> {
                        o.str("query")
                        val result = o.obj("result")
                        for (hit in result.obj("knowledge").objects("hits")) {
                            hit.str("source"); hit.str("title"); hit.str("snippet")
                        }
                        for (event in result.obj("memory").objects("events")) {
                            event.long("id"); event.str("category"); event.str("data")
                        }
                        DashboardMessage(type, o.map)
                    }
                    "error" -> DashboardMessage(type, o.map.also { o.str("action"); o.str("message") })
                    else -> throw IllegalArgumentException("$[$i].type: unknown message type $type")
                }
            }
        }

        /** The action's name for logs and error messages, read loosely: the engine does the validating. */
        fun actionName(actionJson: String): String =
            (runCatching { Json.parse(actionJson) }.getOrNull() as? Map<*,
                *>)?.get("type")?.let { it as? String }?.take(40) ?: "unknown"
    }
}

object DashboardBridge {
    fun stateMessage(state: DashboardState): String = Json.write(mapOf("type" to "state", "state" to state.raw))
    fun errorMessage(action: String, error: EngineError): String =
        Json.write(linkedMapOf<String,
            Any?>("type" to "error", "action" to action,
            "message" to error.message).apply { error.hint?.let { put("hint", it) } })

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
