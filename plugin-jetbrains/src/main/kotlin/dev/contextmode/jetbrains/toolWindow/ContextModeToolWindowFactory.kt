package dev.contextmode.jetbrains.toolWindow

import com.intellij.openapi.project.DumbAware
import com.intellij.openapi.project.Project
import com.intellij.openapi.wm.ToolWindow
import com.intellij.openapi.wm.ToolWindowFactory
import com.intellij.ui.content.ContentFactory
import com.intellij.ui.jcef.JBCefApp
import dev.contextmode.jetbrains.services.ContextModeProjectService

/** The tool window is only a view: the shared dashboard in JCEF when the IDE has it, a Swing summary otherwise. */
class ContextModeToolWindowFactory : ToolWindowFactory, DumbAware {
    override fun createToolWindowContent(project: Project, toolWindow: ToolWindow) {
        val service = ContextModeProjectService.get(project)
        val view: DashboardView = if (JBCefApp.isSupported()) DashboardBrowserPanel(service) else FallbackPanel(service)
        val content = ContentFactory.getInstance().createContent(view.component, null, false)
        content.setDisposer(view)
        toolWindow.contentManager.addContent(content)
        service.lastState?.let { view.show(ContextModeProjectService.ViewUpdate.State(it)) }
        service.refresh()
    }
}
