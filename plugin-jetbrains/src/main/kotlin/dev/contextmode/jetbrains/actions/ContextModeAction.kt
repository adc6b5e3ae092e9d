package dev.contextmode.jetbrains.actions

import com.intellij.openapi.actionSystem.ActionUpdateThread
import com.intellij.openapi.actionSystem.AnAction
import com.intellij.openapi.actionSystem.AnActionEvent
import com.intellij.openapi.project.Project
import com.intellij.openapi.ui.Messages
import dev.contextmode.jetbrains.ContextModeBundle

/** The menu actions (Tools → context-mode): enabled with an open project; each hands off to the project service. */
abstract class ContextModeAction : AnAction() {
    override fun getActionUpdateThread() = ActionUpdateThread.BGT
    override fun update(e: AnActionEvent) = e.presentation.setEnabled(e.project != null)
    override fun actionPerformed(e: AnActionEvent) { e.project?.let { perform(it) } }
    protected abstract fun perform(project: Project)

    protected fun confirm(project: Project, key: String): Boolean =
        Messages.showYesNoDialog(project, ContextModeBundle.message("$key.confirm"),
            ContextModeBundle.message("$key.title"), null) == Messages.YES
}
