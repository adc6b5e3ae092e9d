package dev.contextmode.core

import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * A project with real content (Copilot hook events written by the real hook command, a file indexed by the real
 * CLI), read back as the dashboard state and changed through every dashboard action the plugin maps to a command.
 */
class DashboardActionsThroughEngineTest {
    private val h = TestEngine.Home()
    private val project = TestEngine.gitRepo()


    private fun hook(event: String, payload: String) {
        val r = h.runner.run(h.client.planner.hook(event, payload, project), CancelToken())
        assertEquals(0, r.exitCode, r.stderr)
    }

    private fun populate() {
        val cwd = Json.write(project.path)
        hook("userpromptsubmit", """{"hook_event_name":"UserPromptSubmit","prompt":"fix the login bug in auth.ts","cwd":$cwd,"sessionId":"jb-1"}""")
        hook("posttooluse", """{"hook_event_name":"PostToolUse","tool_name":"run_in_terminal","tool_input":{"command":"git status"},"tool_response":"On branch main","cwd":$cwd,"sessionId":"jb-1"}""")
        File(project, "notes.md").writeText("# Deploy notes\n\nThe staging deploy uses the blue-green switch.\n")
        val r = h.runner.run(CommandSpec(listOf(h.engine.node, h.engine.cli, "index", File(project, "notes.md").path, "--project", project.path), project, mapOf("CONTEXT_MODE_HOME" to h.data.path)), CancelToken())
        assertTrue(r.ok, r.stderr)
    }

    @Test
    fun `a populated project parses in every model, events and sources included`() {
        populate()
        val state = ok(h.client.state(project))
        assertEquals(listOf("jb-1"), state.memory.sessions.map { it.id })
        assertEquals("jetbrains-copilot", state.memory.sessions.single().host)
        assertTrue(state.memory.events.any { it.category == "user-prompt" && "login bug" in it.data }, state.memory.events.toString())
        assertEquals(1, state.sources.sources.size)
        assertTrue(state.sources.chunks > 0 && state.sources.bytes > 0)
    }

    @Test
    fun `pin, delete event, search, delete source and purge reach the engine and show in the next state`() {
        populate()
        val prompt = ok(h.client.state(project)).memory.events.first { it.category == "user-prompt" }
        ok(h.client.pinEvent(project, prompt.id, true))
        assertTrue(ok(h.client.state(project)).memory.events.first { it.id == prompt.id }.pinned)
        ok(h.client.pinEvent(project, prompt.id, false))
        assertTrue(!ok(h.client.state(project)).memory.events.first { it.id == prompt.id }.pinned)

        val hits = Json.write(ok(h.client.search(project, "blue-green")))
        assertTrue("blue-green" in hits, hits)

        val label = ok(h.client.state(project)).sources.sources.single().label
        ok(h.client.deleteSource(project, label))
        assertEquals(0, ok(h.client.state(project)).sources.sources.size)

        ok(h.client.deleteEvent(project, prompt.id))
        assertTrue(ok(h.client.state(project)).memory.events.none { it.id == prompt.id })

        ok(h.client.purgeSession(project))
        assertTrue(ok(h.client.state(project)).memory.events.isEmpty())
    }
}
