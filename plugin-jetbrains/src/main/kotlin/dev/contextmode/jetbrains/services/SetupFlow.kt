package dev.contextmode.jetbrains.services

import com.intellij.notification.NotificationType
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.project.Project
import com.intellij.openapi.ui.Messages
import dev.contextmode.core.EngineResult
import dev.contextmode.core.SetupPlan
import dev.contextmode.jetbrains.ContextModeBundle

/**
 * Set Up for Copilot: the engine's dry-run plan is shown (files and diffs), and only on "Yes" does the engine
 * write. The plugin never merges files itself.
 */
object SetupFlow {
    fun run(project: Project) {
        val service = ContextModeProjectService.get(project)
        service.withEngine("setup") { c, t ->
            val dir = service.projectDir
            when (val plan = c.setupPlan(dir, t)) {
                is EngineResult.Failed -> service.notifier.info(plan.error.message, NotificationType.ERROR)
                is EngineResult.Ok -> {
                    if (plan.value.changes.isEmpty()) {
                        service.notifier.info(ContextModeBundle.message("setup.nothing"))
                        return@withEngine
                    }
                    ApplicationManager.getApplication().invokeLater {
                        val yes = Messages.showYesNoDialog(project, describe(plan.value),
                            ContextModeBundle.message("setup.confirm.title"), null) == Messages.YES
                        if (yes) service.withEngine("setup") { c2, t2 ->
                            when (val done = c2.setup(dir, t2)) {
                                is EngineResult.Ok -> {
                                    val key = if (done.value.ok) "setup.done" else "setup.failed"
                                    service.notifier.info(ContextModeBundle.message(key, done.value.changes.size))
                                }
                                is EngineResult.Failed ->
                                    service.notifier.info(done.error.message, NotificationType.ERROR)
                            }
                        }
                    }
                }
            }
        }
    }

    /** The confirmation text: one line per file, then notes; diffs are trimmed to keep the dialog readable. */
    fun describe(plan: SetupPlan): String = buildString {
        for (f in plan.changes) {
            append("${f.action}: ${f.path}\n")
            f.error?.let { append("  ${it.message}${it.fix?.let { fix -> " — $fix" } ?: ""}\n") }
            f.diff.lines().take(20).forEach { append("    $it\n") }
        }
        plan.hosts.flatMap { it.notes }.forEach { append("note: $it\n") }
    }
}
