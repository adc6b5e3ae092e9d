package dev.contextmode.jetbrains.settings

import com.intellij.openapi.options.Configurable
import dev.contextmode.jetbrains.ContextModeBundle
import java.awt.GridBagConstraints
import java.awt.GridBagLayout
import javax.swing.JComponent
import javax.swing.JLabel
import javax.swing.JPanel
import javax.swing.JTextField

/** Settings → Tools → context-mode: three paths, each empty for "find it myself". */
class ContextModeConfigurable : Configurable {
    private val node = JTextField()
    private val engine = JTextField()
    private val data = JTextField()

    override fun getDisplayName(): String = ContextModeBundle.message("settings.title")

    override fun createComponent(): JComponent {
        val panel = JPanel(GridBagLayout())
        val rows = listOf("settings.node" to node, "settings.engine" to engine, "settings.dataHome" to data)
        rows.forEachIndexed { i, (key, field) ->
            panel.add(JLabel(ContextModeBundle.message(key)),
                GridBagConstraints().apply { gridx = 0; gridy = i; anchor = GridBagConstraints.WEST })
            panel.add(
                field,
                GridBagConstraints().apply {
                    gridx = 1; gridy = i; weightx = 1.0; fill = GridBagConstraints.HORIZONTAL
                },
            )
        }
        reset()
        return panel
    }

    override fun isModified(): Boolean {
        val s = ContextModeSettings.get().state
        return node.text != s.nodePath || engine.text != s.enginePath || data.text != s.dataHome
    }

    override fun apply() {
        val s = ContextModeSettings.get().state
        s.nodePath = node.text.trim(); s.enginePath = engine.text.trim(); s.dataHome = data.text.trim()
    }

    override fun reset() {
        val s = ContextModeSettings.get().state
        node.text = s.nodePath; engine.text = s.enginePath; data.text = s.dataHome
    }
}
