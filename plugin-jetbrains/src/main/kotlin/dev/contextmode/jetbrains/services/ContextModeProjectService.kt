package dev.contextmode.jetbrains.services

import com.intellij.ide.plugins.PluginManagerCore
import com.intellij.notification.NotificationType
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.components.Service
import com.intellij.openapi.diagnostic.Logger
import com.intellij.openapi.extensions.PluginId
import com.intellij.openapi.project.Project
import com.intellij.util.EnvironmentUtil
import dev.contextmode.core.ActionLog
import dev.contextmode.core.CancelToken
import dev.contextmode.core.ConnectMemory
import dev.contextmode.core.ConnectOutcome
import dev.contextmode.core.ConnectSettings
import dev.contextmode.core.DashboardMessage
import dev.contextmode.core.DashboardState
import dev.contextmode.core.EngineClient
import dev.contextmode.core.EngineConnector
import dev.contextmode.core.EngineError
import dev.contextmode.core.EngineResult
import dev.contextmode.core.JdkProcessRunner
import dev.contextmode.core.Json
import dev.contextmode.core.LocatorEnv
import dev.contextmode.core.LoginShellEnv
import dev.contextmode.core.NodeLocator
import dev.contextmode.core.NodeLookup
import dev.contextmode.core.PluginLayout
import dev.contextmode.core.StoreWatcher
import dev.contextmode.core.dataHome
import dev.contextmode.jetbrains.ContextModeBundle
import dev.contextmode.jetbrains.settings.ContextModeSettings
import java.io.File

/**
 * Owns the engine for one project: finds Node and the engine CLI (installing the bundled engine as the managed
 * runtime when it is newer), runs every engine command off the UI thread, keeps the last dashboard state and tells
 * the views. Views hold no state of their own. All engine work is cancelled when the project closes.
 */
@Service(Service.Level.PROJECT)
class ContextModeProjectService(private val project: Project) : Disposable {
    private val cancel = CancelToken()
    private val listeners = ArrayList<(ViewUpdate) -> Unit>()
    val notifier = Notifier(project)

    @Volatile private var client: EngineClient? = null
    @Volatile private var dataHome: File? = null
    private var watcher: StoreWatcher? = null
    private var watchedDir: File? = null
    @Volatile var lastState: DashboardState? = null
        private set

    /** What the views render: a state, or an error for the action that failed. */
    sealed interface ViewUpdate {
        data class State(val state: DashboardState) : ViewUpdate
        data class Error(val action: String, val error: EngineError) : ViewUpdate
        /** A message for the page other than a state or an error (a search result), passed on as written. */
        data class Message(val message: DashboardMessage) : ViewUpdate
    }

    val projectDir: File? get() = project.basePath?.let(::File)

    fun addListener(l: (ViewUpdate) -> Unit) = synchronized(listeners) { listeners += l }
    fun removeListener(l: (ViewUpdate) -> Unit) = synchronized(listeners) { listeners -= l }

    private fun publish(u: ViewUpdate) {
        if (u is ViewUpdate.State) {
            lastState = u.state
            follow(u.state)
        }
        val ls = synchronized(listeners) { listeners.toList() }
        ApplicationManager.getApplication().invokeLater { ls.forEach { it(u) } }
    }

    /**
     * Runs [work] on a pooled thread with the engine, or reports why there is none. Each run is logged to idea.log
     * under [action] (how long it took, or why it failed: ActionLog), so a bug report carries what the plugin did.
     */
    fun withEngine(action: String, work: (EngineClient, CancelToken) -> Unit) {
        ApplicationManager.getApplication().executeOnPooledThread {
            val started = System.nanoTime()
            try {
                val c = client ?: connect()
                if (c == null) {
                    LOG.warn(ActionLog.failed(action, ms(started), null, EngineError("connect", "no engine to run it")))
                    return@executeOnPooledThread
                }
                if (cancel.isCancelled) return@executeOnPooledThread
                work(c, cancel)
                LOG.info("$action: done in ${ms(started)} ms")
            } catch (e: Exception) {
                val error = EngineError("plugin", e.message ?: e.toString())
                LOG.warn(ActionLog.failed(action, ms(started), client?.engine, error), e)
                publish(ViewUpdate.Error(action, error))
            }
        }
    }

    private fun ms(started: Long) = (System.nanoTime() - started) / 1_000_000

    @Synchronized
    private fun connect(): EngineClient? {
        client?.let { return it }
        val s = ContextModeSettings.get().state
        val settings = ConnectSettings(s.nodePath, s.enginePath, s.dataHome)
        var env = EnvironmentUtil.getEnvironmentMap()
        val runner = JdkProcessRunner(env)
        val le = LocatorEnv(env)
        val layout = PluginLayout(pluginDir() ?: return fail("engine", ContextModeBundle.message("engine.noPluginDir")))
        val minimum = NodeLocator.minimumFromEngines(layout.packageInfo()?.second)
        var node = NodeLocator(runner, minimum).locate(settings.nodePath, le)
        if (node is NodeLookup.Missing) {
            // The IDE's environment may lack the profile's PATH additions: ask the login shell (once per session).
            MEMORY.loginShellEnv { LoginShellEnv.read(runner, le) }?.let { shellEnv ->
                env = env + shellEnv
                node = NodeLocator(JdkProcessRunner(env), minimum).locate(settings.nodePath, LocatorEnv(env))
            }
        }
        val found = node as? NodeLookup.Found ?: return fail("node", (node as NodeLookup.Missing).message)
        val home = dataHome(settings.dataHome, env, le.home).also { dataHome = it }
        val engineRunner = JdkProcessRunner(env)
        val outcome = EngineConnector(engineRunner, MEMORY).connect(found, settings, layout, home, cancel)
        return when (outcome) {
            is ConnectOutcome.Refused -> fail(outcome.problem, outcome.message)
            is ConnectOutcome.Connected -> {
                outcome.installNote?.let {
                    notifier.once("managed-runtime", ContextModeBundle.message("runtime.notInstalled", it))
                }
                outcome.client.also { client = it }
            }
        }
    }

    /**
     * The user's explicit retry (Tools → context-mode → Refresh): forgets the session's refusal and failed managed
     * install, so a project without an engine runs the whole connect again. A working engine is kept.
     */
    fun retryConnect() = MEMORY.forget()

    private fun fail(problem: String, message: String): EngineClient? {
        LOG.warn("connect failed: [$problem] $message")
        notifier.once(problem, message, NotificationType.ERROR)
        publish(ViewUpdate.Error("connect", EngineError(problem, message)))
        return null
    }

    private fun pluginDir(): File? = PluginManagerCore.getPlugin(PluginId.getId(PLUGIN_ID))?.pluginPath?.toFile()

    fun refresh(memoryLimit: Int? = null) =
        perform(Json.write(mapOf("type" to "refresh") + (memoryLimit?.let { mapOf("memoryLimit" to it) }.orEmpty())))

    /**
     * A dashboard action as the page (or a menu action) wrote it, handed unread to the engine (`ctxmode action`),
     * which validates and performs it for every shell; each message it answers goes to the views.
     */
    fun perform(actionJson: String) {
        val action = DashboardMessage.actionName(actionJson)
        withEngine(action) { c, t ->
            val dir = projectDir ?: return@withEngine
            val started = System.nanoTime()
            when (val r = c.action(dir, actionJson, t)) {
                is EngineResult.Failed -> {
                    LOG.warn(ActionLog.failed(action, ms(started), c.engine, r.error))
                    publish(ViewUpdate.Error(action, r.error))
                }
                is EngineResult.Ok -> {
                    LOG.info(ActionLog.answered(action, ms(started), c.engine, r.value))
                    r.value.forEach { m -> deliver(action, m) }
                }
            }
        }
    }

    private fun deliver(action: String, m: DashboardMessage) {
        val state = m.state
        when {
            state != null -> publish(ViewUpdate.State(state))
            m.type == "error" -> {
                LOG.warn(ActionLog.refused(action, m))
                val hint = m.raw["hint"] as? String
                publish(ViewUpdate.Error(action, EngineError("engine", m.raw["message"].toString(), hint)))
            }
            else -> publish(ViewUpdate.Message(m))
        }
    }

    /**
     * Refreshes when another process (a hook, the MCP server, the CLI) changes the project's stores, by the shells'
     * one watcher rule (StoreWatcher): the refresh's own reads are not a change.
     */
    @Synchronized
    private fun follow(state: DashboardState) {
        val dir = File(dataHome ?: return, "projects/${state.project.id}")
        if (dir == watchedDir || cancel.isCancelled) return
        watcher?.close()
        watchedDir = dir
        watcher = runCatching { StoreWatcher(dir) { refresh() } }
            .onFailure { LOG.warn("watch $dir: the tool window refreshes only when asked", it) }
            .getOrNull()
    }

    override fun dispose() {
        synchronized(this) { watcher?.close() }
        cancel.cancel()
        synchronized(listeners) { listeners.clear() }
    }

    companion object {
        // Looked up on first use: the platform's logging is ready by then, and loading this class needs no IDE.
        private val LOG by lazy { Logger.getInstance(ContextModeProjectService::class.java) }
        /** One per IDE session, shared by its projects: a refusal or failed install is not redone per action. */
        private val MEMORY = ConnectMemory()
        const val PLUGIN_ID = "dev.contextmode.jetbrains"
        fun get(project: Project): ContextModeProjectService = project.getService(ContextModeProjectService::class.java)
    }
}
