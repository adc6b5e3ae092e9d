package dev.contextmode.jetbrains.services

import com.intellij.notification.Notification
import com.intellij.notification.NotificationAction
import com.intellij.notification.NotificationGroupManager
import com.intellij.notification.NotificationType
import com.intellij.openapi.project.Project
import dev.contextmode.jetbrains.ContextModeBundle

/** At most one balloon per problem per project session: a problem already shown is not shown again. */
class Notifier(private val project: Project) {
    private val shown = HashSet<String>()

    fun once(problem: String, content: String, type: NotificationType = NotificationType.WARNING,
        actionText: String? = null, action: Runnable? = null): Notification? {
        synchronized(shown) { if (!shown.add(problem)) return null }
        val n = NotificationGroupManager.getInstance().getNotificationGroup(GROUP_ID)
            .createNotification(ContextModeBundle.message("notification.title"), content, type)
        if (actionText != null &&
            action != null) n.addAction(NotificationAction.createSimpleExpiring(actionText, action))
        n.notify(project)
        return n
    }

    /** For a result the user asked for (an action's outcome): always shown. */
    fun info(content: String, type: NotificationType = NotificationType.INFORMATION) {
        NotificationGroupManager.getInstance().getNotificationGroup(GROUP_ID)
            .createNotification(ContextModeBundle.message("notification.title"), content, type).notify(project)
    }

    companion object { const val GROUP_ID = "context-mode" }
}
