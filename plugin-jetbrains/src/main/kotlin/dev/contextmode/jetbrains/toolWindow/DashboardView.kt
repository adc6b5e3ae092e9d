package dev.contextmode.jetbrains.toolWindow

import com.intellij.openapi.Disposable
import dev.contextmode.jetbrains.services.ContextModeProjectService.ViewUpdate
import javax.swing.JComponent

/** One way to render the service's updates; disposed with the tool-window content. */
interface DashboardView : Disposable {
    val component: JComponent
    fun show(update: ViewUpdate)
}
