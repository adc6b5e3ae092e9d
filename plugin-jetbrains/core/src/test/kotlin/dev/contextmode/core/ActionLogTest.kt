package dev.contextmode.core

import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * What idea.log gets for a dashboard action, from real `ctxmode action` runs. The platform Logger that writes the
 * lines exists only in the IDE: this checks the lines, without the IDE.
 */
class ActionLogTest {
    private val h = TestEngine.Home()
    private val project = TestEngine.gitRepo()

    @Test
    fun `log lines name the action, and a failure carries code, message and engine (without the IDE)`() {
        val ok = ok(h.client.action(project, """{"type":"search","query":"secret-query-text"}"""))
        val line = ActionLog.answered("search", 12, h.engine, ok)
        assertTrue(line.startsWith("dashboard action search: answered searchResult in 12 ms"), line)
        assertFalse("secret-query-text" in line, "the user's query is not logged: $line")

        val refused = h.client.action(project, """{"type":"purge","scope":"everything"}""") as EngineResult.Failed
        val failed = ActionLog.failed("purge", 40, h.engine, refused.error)
        assertTrue(failed.startsWith("dashboard action purge failed after 40 ms: [usage] "), failed)
        assertTrue(refused.error.message in failed && "scope" in failed, failed)
        assertTrue(failed.endsWith("engine test (bundled, ${h.engine.cli}) on ${h.engine.node}"), failed)
        assertEquals(
            "dashboard action refresh failed after 5 ms: [node] no Node 22; hint: install it; no engine",
            ActionLog.failed("refresh", 5, null, EngineError("node", "no Node 22", "install it")),
        )

        val answers = ok(h.client.action(project, """{"type":"deleteSource","label":"missing"}"""))
        val error = answers.first { it.type == "error" }
        assertTrue(ActionLog.refused("deleteSource",
            error).startsWith("dashboard action deleteSource: the engine answered an error: "))
    }
}
