package dev.contextmode.jetbrains.settings

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.components.PersistentStateComponent
import com.intellij.openapi.components.Service
import com.intellij.openapi.components.State
import com.intellij.openapi.components.Storage

/** Application-wide settings: explicit Node and engine paths, a data directory, and the projects offered setup. */
@Service(Service.Level.APP)
@State(name = "ContextModeSettings", storages = [Storage("context-mode.xml")])
class ContextModeSettings : PersistentStateComponent<ContextModeSettings.SettingsState> {
    class SettingsState {
        var nodePath: String = ""
        var enginePath: String = ""
        var dataHome: String = ""
        /** Project directories already offered setup, so the offer appears once per project. */
        var setupOffered: MutableList<String> = ArrayList()
    }

    private var state = SettingsState()

    override fun getState(): SettingsState = state
    override fun loadState(state: SettingsState) { this.state = state }

    companion object {
        fun get(): ContextModeSettings = ApplicationManager.getApplication().getService(ContextModeSettings::class.java)
    }
}
