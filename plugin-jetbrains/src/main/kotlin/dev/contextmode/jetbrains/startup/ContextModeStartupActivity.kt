package dev.contextmode.jetbrains.startup

import com.intellij.openapi.project.Project
import com.intellij.openapi.startup.ProjectActivity
import dev.contextmode.core.EngineResult
import dev.contextmode.jetbrains.ContextModeBundle
import dev.contextmode.jetbrains.services.ContextModeProjectService
import dev.contextmode.jetbrains.services.SetupFlow
import dev.contextmode.jetbrains.settings.ContextModeSettings

/**
 * On project open (off the UI thread): finds the engine and, once per project, offers Set Up for Copilot when the
 * engine's dry-run plan says files would change. Declining is remembered like accepting.
 */
class ContextModeStartupActivity : ProjectActivity {
    override suspend fun execute(project: Project) {
        val service = ContextModeProjectService.get(project)
        val key = project.basePath ?: return
        val offered = ContextModeSettings.get().state.setupOffered
        if (key in offered) { service.refresh(); return }
        service.withEngine("startup") { c, t ->
            val plan = c.setupPlan(service.projectDir, t)
            if (plan is EngineResult.Ok && plan.value.changes.isNotEmpty()) {
                synchronized(offered) { offered += key }
                service.notifier.once("setup-offer", ContextModeBundle.message("setup.offer"),
                    actionText = ContextModeBundle.message("action.setup")) { SetupFlow.run(project) }
            }
            service.refresh()
        }
    }
}
