package dev.contextmode.jetbrains

import com.intellij.DynamicBundle

private const val BUNDLE = "messages.ContextModeBundle"

/** Every user-visible string of the plugin (messages/ContextModeBundle.properties). */
object ContextModeBundle : DynamicBundle(ContextModeBundle::class.java, BUNDLE) {
    fun message(key: String, vararg params: Any): String = getMessage(key, *params)
}
