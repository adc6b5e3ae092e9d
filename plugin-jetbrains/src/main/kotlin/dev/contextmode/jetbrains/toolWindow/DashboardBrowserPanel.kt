package dev.contextmode.jetbrains.toolWindow

import com.intellij.openapi.util.Disposer
import com.intellij.ui.jcef.JBCefBrowser
import com.intellij.ui.jcef.JBCefJSQuery
import dev.contextmode.core.DashboardBridge
import dev.contextmode.core.DashboardPage
import dev.contextmode.core.PluginLayout
import dev.contextmode.jetbrains.services.ContextModeProjectService
import dev.contextmode.jetbrains.services.ContextModeProjectService.ViewUpdate
import java.io.File
import javax.swing.JComponent

/**
 * The shared dashboard bundle in JCEF. The page calls `window.contextModeBridge.send(json)` (a JBCefJSQuery);
 * the panel hands each action to the service (the engine validates and performs it), and delivers its messages back
 * through `window.contextModeReceive(json)`. The bridge script is placed before the bundle's script so it exists when
 * the page starts.
 */
class DashboardBrowserPanel(private val service: ContextModeProjectService) : DashboardView {
    private val browser = JBCefBrowser()
    private val query = JBCefJSQuery.create(browser)
    private val listener: (ViewUpdate) -> Unit = { show(it) }

    override val component: JComponent get() = browser.component

    init {
        Disposer.register(this, query)
        Disposer.register(this, browser)
        // The engine validates the action (a refused one comes back as an error message for the page).
        query.addHandler { text -> service.perform(text); null }
        service.addListener(listener)
        // The plugin jar sits in <plugin>/lib/, the dashboard bundle in <plugin>/context-mode/engine/dist/dashboard/.
        val jar = File(javaClass.protectionDomain.codeSource.location.toURI())
        val dir = PluginLayout(jar.parentFile.parentFile).dashboardDir
        val nonce = java.util.UUID.randomUUID().toString().replace("-", "")
        browser.loadHTML(DashboardPage.html(DashboardBridge.bridgeScript(query.inject("json")), dir, nonce),
            File(dir, "index.html").toURI().toString())
    }

    override fun show(update: ViewUpdate) {
        val msg = when (update) {
            is ViewUpdate.State -> DashboardBridge.stateMessage(update.state)
            is ViewUpdate.Error -> DashboardBridge.errorMessage(update.action, update.error)
            is ViewUpdate.Message -> update.message.json
        }
        browser.cefBrowser.executeJavaScript(DashboardBridge.deliverScript(msg), browser.cefBrowser.url, 0)
    }

    override fun dispose() = service.removeListener(listener)
}
