package dev.contextmode.jetbrains.actions

import com.intellij.notification.NotificationType
import com.intellij.openapi.project.Project
import dev.contextmode.core.CheckStatus
import dev.contextmode.core.EngineResult
import dev.contextmode.jetbrains.ContextModeBundle
import dev.contextmode.jetbrains.services.ContextModeProjectService
import dev.contextmode.jetbrains.services.SetupFlow

class SetUpForCopilotAction : ContextModeAction() {
    override fun perform(project: Project) = SetupFlow.run(project)
}

/** The user's explicit "try again": a remembered refusal or failed managed install is retried, then the view. */
class RefreshAction : ContextModeAction() {
    override fun perform(project: Project) {
        val service = ContextModeProjectService.get(project)
        service.retryConnect()
        service.refresh()
    }
}

class PurgeSessionAction : ContextModeAction() {
    override fun perform(project: Project) {
        if (confirm(project, "purge.session")) {
            ContextModeProjectService.get(project).perform("""{"type":"purge","scope":"session"}""")
        }
    }
}

class PurgeProjectAction : ContextModeAction() {
    override fun perform(project: Project) {
        if (confirm(project, "purge.project")) {
            ContextModeProjectService.get(project).perform("""{"type":"purge","scope":"project"}""")
        }
    }
}

/** Runs the engine's doctor and shows its verdict with every non-OK check and its fix. */
class RunDoctorAction : ContextModeAction() {
    override fun perform(project: Project) {
        val service = ContextModeProjectService.get(project)
        service.withEngine("doctor") { c, t ->
            when (val r = c.doctor(service.projectDir, t)) {
                is EngineResult.Failed -> service.notifier.info(r.error.message, NotificationType.ERROR)
                is EngineResult.Ok -> {
                    val lines = r.value.problems.joinToString("<br>") {
                        "${it.status}: ${it.name} — ${it.detail}${it.fix?.let { f -> " ($f)" } ?: ""}"
                    }
                    val worst = when {
                        r.value.checks.any { it.status == CheckStatus.FAIL } -> NotificationType.ERROR
                        lines.isEmpty() -> NotificationType.INFORMATION
                        else -> NotificationType.WARNING
                    }
                    service.notifier.info(if (lines.isEmpty()) ContextModeBundle.message("doctor.ok") else lines, worst)
                }
            }
        }
    }
}
