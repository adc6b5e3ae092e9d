// Test-only signature stub of the real IntelliJ Platform class of the same name (build 251, intellij-community
// branch 251). Only the members the plugin calls, with the real signatures; bodies throw. Never packaged.
// The platform compiles its Kotlin interfaces with JVM default methods and no DefaultImpls
// (-jvm-default=no-compatibility).
package com.intellij.openapi.wm

import com.intellij.openapi.project.PossiblyDumbAware
import com.intellij.openapi.project.Project

interface ToolWindowFactory : PossiblyDumbAware {
    suspend fun isApplicableAsync(project: Project): Boolean = throw UnsupportedOperationException("stub")
    fun createToolWindowContent(project: Project, toolWindow: ToolWindow)
    fun init(toolWindow: ToolWindow) {}
    fun shouldBeAvailable(project: Project): Boolean = true
}
