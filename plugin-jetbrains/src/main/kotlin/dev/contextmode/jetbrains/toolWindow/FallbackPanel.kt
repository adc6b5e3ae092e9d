package dev.contextmode.jetbrains.toolWindow

import dev.contextmode.core.StatsReport
import dev.contextmode.jetbrains.ContextModeBundle
import dev.contextmode.jetbrains.services.ContextModeProjectService
import dev.contextmode.jetbrains.services.ContextModeProjectService.ViewUpdate
import java.awt.BorderLayout
import javax.swing.JButton
import javax.swing.JComponent
import javax.swing.JLabel
import javax.swing.JPanel
import javax.swing.JScrollPane
import javax.swing.JTable
import javax.swing.table.DefaultTableModel

/** Without JCEF: the same state as a Swing summary (savings, sessions, sources) and a Refresh button. */
class FallbackPanel(private val service: ContextModeProjectService) : DashboardView {
    private val summary = JLabel(ContextModeBundle.message("toolwindow.loading"))
    private val columns = listOf("table.what", "table.value").map { ContextModeBundle.message(it) }
    private val model = DefaultTableModel(columns.toTypedArray<Any>(), 0)
    private val listener: (ViewUpdate) -> Unit = { show(it) }
    private val panel = JPanel(BorderLayout()).apply {
        add(summary, BorderLayout.NORTH)
        add(JScrollPane(JTable(model)), BorderLayout.CENTER)
        add(JButton(ContextModeBundle.message("action.refresh")).apply { addActionListener { service.refresh() } },
            BorderLayout.SOUTH)
    }

    init { service.addListener(listener) }

    override val component: JComponent get() = panel

    override fun show(update: ViewUpdate) {
        when (update) {
            is ViewUpdate.State -> {
                val s = update.state
                summary.text = ContextModeBundle.message("toolwindow.summary", s.stats.project.name,
                    human(s.stats.projectTotals.netBytes), s.stats.projectTotals.netTokens)
                model.rowCount = 0
                rows(s.stats).forEach { model.addRow(arrayOf<Any>(it.first, it.second)) }
                fun row(key: String, value: String) = model.addRow(arrayOf<Any>(ContextModeBundle.message(key), value))
                row("table.sessions", s.memory.sessions.size.toString())
                row("table.sources", "${s.sources.sources.size} (${human(s.sources.bytes)})")
            }
            is ViewUpdate.Error -> summary.text = update.error.message + (update.error.hint?.let { " — $it" } ?: "")
            is ViewUpdate.Message -> Unit
        }
    }

    private fun rows(s: StatsReport) = listOfNotNull(
        s.session?.let { ContextModeBundle.message("table.session") to human(it.netBytes) },
        ContextModeBundle.message("table.project") to human(s.projectTotals.netBytes),
        ContextModeBundle.message("table.allTime") to human(s.allTime.netBytes),
    ) + s.tools.map { it.tool to human(it.savedBytes) }

    private fun human(b: Long) = when {
        b < 1024 -> "$b B"
        b < 1024 * 1024 -> "%.1f KB".format(b / 1024.0)
        else -> "%.1f MB".format(b / 1024.0 / 1024.0)
    }

    override fun dispose() = service.removeListener(listener)
}
