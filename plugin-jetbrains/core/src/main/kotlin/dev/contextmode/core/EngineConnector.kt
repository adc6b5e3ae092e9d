package dev.contextmode.core

import java.io.File

/** The settings a connect reads (Settings → Tools → context-mode); blank means "find it myself". */
data class ConnectSettings(val nodePath: String = "", val enginePath: String = "", val dataHome: String = "")

/**
 * Everything a connect's outcome depends on: the Node found (path and version), the engine version the plugin
 * carries and the settings. The same inputs give the same outcome, so a remembered outcome is reused until one of
 * them changes or the user asks again (Tools → context-mode → Refresh).
 */
data class ConnectInputs(val nodePath: String, val nodeVersion: String, val pluginEngine: String?,
    val settings: ConnectSettings)

/**
 * What the IDE session remembers between connects, so a user whose engine is refused (no SQLite driver) or whose
 * managed install failed (offline, no npm) does not wait for the same npm run and `doctor` on every click:
 * a lasting refusal is answered at once for the same inputs, and a failed install is not retried for them. A
 * refusal because a command gave no answer (timed out, killed) is not kept: the next action asks again. [forget] is
 * the user's explicit retry. Shared by every project of the IDE (the outcome does not depend on the project).
 */
class ConnectMemory {
    private var refusal: Pair<ConnectInputs, ConnectOutcome.Refused>? = null
    private var failedInstall: ConnectInputs? = null
    private var shellEnv: Map<String, String>? = null
    private var shellEnvRead = false

    @Synchronized fun refusalFor(inputs: ConnectInputs): ConnectOutcome.Refused? =
        refusal?.takeIf { it.first == inputs }?.second

    @Synchronized fun refused(inputs: ConnectInputs, outcome: ConnectOutcome.Refused) { refusal = inputs to outcome }

    @Synchronized fun installFailedFor(inputs: ConnectInputs) = failedInstall == inputs

    @Synchronized fun installFailed(inputs: ConnectInputs) { failedInstall = inputs }

    /** The login shell's environment, read once per session (a shell start with the user's profile is slow). */
    fun loginShellEnv(read: () -> Map<String, String>?): Map<String, String>? {
        synchronized(this) { if (shellEnvRead) return shellEnv }
        val env = read()
        synchronized(this) { shellEnv = env; shellEnvRead = true }
        return env
    }

    @Synchronized fun forget() {
        refusal = null
        failedInstall = null
        shellEnv = null
        shellEnvRead = false
    }
}

sealed interface ConnectOutcome {
    /** [installNote]: why the managed runtime was not installed (the bundled engine serves meanwhile), if it failed. */
    data class Connected(val client: EngineClient, val installNote: String? = null) : ConnectOutcome
    /**
     * [problem]: a short key (one notification per key); [message]: why, and what to do. [lasting]: the engine or
     * the file system answered, so the same inputs give the same refusal (remembered for the session); false when
     * a command gave no answer ([NO_ANSWER]), which the next connect runs again.
     */
    data class Refused(val problem: String, val message: String, val lasting: Boolean = true) : ConnectOutcome

    companion object {
        /** The problem key of a refusal for a missing answer, apart from "engine" and "sqlite" (one balloon each). */
        const val NO_ANSWER = "no-answer"
    }
}

/**
 * From a located Node to an engine the plugin may use: locates the engine, installs the bundled one as the managed
 * runtime when it is newer, and asks the engine whether it can open its store (StoreCheck). Remembers lasting
 * refusals and failed installs in [memory] for the same inputs.
 */
class EngineConnector(private val runner: ProcessRunner, private val memory: ConnectMemory) {
    fun connect(node: NodeLookup.Found, settings: ConnectSettings, layout: PluginLayout, dataHome: File,
        cancel: CancelToken = CancelToken()): ConnectOutcome {
        val inputs = ConnectInputs(node.path, node.version, layout.engineVersion(), settings)
        memory.refusalFor(inputs)?.let { return it }
        val locator = EngineLocator(runner)
        val lookup = locator.locate(node.path, settings.enginePath, layout, dataHome)
        if (lookup is EngineLookup.Missing) return refuse(inputs, lookup.message, lookup.lasting, "engine")
        lookup as EngineLookup.Found
        var engine = lookup.engine
        var note: String? = null
        val dataSetting = settings.dataHome.ifBlank { null }
        if (lookup.refreshManaged && engine.source == EngineSource.BUNDLED && !memory.installFailedFor(inputs)) {
            val installed = ManagedRuntime(runner).install(engine, layout, dataSetting, cancel)
            if (installed.ok) {
                (locator.locate(node.path, null, layout, dataHome) as? EngineLookup.Found)?.let { engine = it.engine }
            } else if (!cancel.isCancelled) {
                // Offline or no npm: the bundled engine keeps working; the install is tried again when an input
                // changes or the user asks (Refresh), not on every action.
                memory.installFailed(inputs)
                note = installed.message
            }
        }
        val client = EngineClient(runner, engine, dataSetting)
        // Never half-installed: an engine that cannot open its store is not offered to Copilot nor shown.
        StoreCheck.refusal(client, cancel)?.let { return refuse(inputs, it.message, it.lasting, "sqlite") }
        return ConnectOutcome.Connected(client, note)
    }

    /** Only a lasting refusal is remembered: a timed-out probe or `doctor` under load must not stick. */
    private fun refuse(inputs: ConnectInputs, message: String, lasting: Boolean, problem: String) =
        ConnectOutcome.Refused(if (lasting) problem else ConnectOutcome.NO_ANSWER, message, lasting).also {
            if (lasting) memory.refused(inputs, it)
        }
}
