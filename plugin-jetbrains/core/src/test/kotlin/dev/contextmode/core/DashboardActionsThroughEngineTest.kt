package dev.contextmode.core

import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertFalse
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
        val session = """"cwd":$cwd,"sessionId":"jb-1""""
        val prompt = "fix the login bug in auth.ts"
        hook("userpromptsubmit", """{"hook_event_name":"UserPromptSubmit","prompt":"$prompt",$session}""")
        hook(
            "posttooluse",
            """{"hook_event_name":"PostToolUse","tool_name":"run_in_terminal",""" +
                """"tool_input":{"command":"git status"},"tool_response":"On branch main",$session}""",
        )
        File(project, "notes.md").writeText("# Deploy notes\n\nThe staging deploy uses the blue-green switch.\n")
        val r = h.runner.run(CommandSpec(listOf(h.engine.node, h.engine.cli, "index", File(project, "notes.md").path,
            "--project", project.path), project, mapOf("CONTEXT_MODE_HOME" to h.data.path)), CancelToken())
        assertTrue(r.ok, r.stderr)
    }

    @Test
    fun `a populated project parses in every model, events and sources included`() {
        populate()
        val state = ok(h.client.state(project))
        assertEquals(listOf("jb-1"), state.memory.sessions.map { it.id })
        assertEquals("jetbrains-copilot", state.memory.sessions.single().host)
        assertTrue(state.memory.events.any { it.category == "user-prompt" && "login bug" in it.data },
            state.memory.events.toString())
        assertEquals(1, state.sources.sources.size)
        assertTrue(state.sources.chunks > 0 && state.sources.bytes > 0)
    }

    private fun act(json: String): List<DashboardMessage> = ok(h.client.action(project, json))

    @Test
    fun `pin, delete event, search, delete source and purge go through ctxmode action and show in its state`() {
        populate()
        val prompt = ok(h.client.state(project)).memory.events.first { it.category == "user-prompt" }
        fun pinned(json: String) = act(json).single().state!!.memory.events.first { it.id == prompt.id }.pinned
        assertTrue(pinned("""{"type":"pinEvent","id":${prompt.id},"pinned":true}"""))
        assertFalse(pinned("""{"type":"pinEvent","id":${prompt.id},"pinned":false}"""))

        // The shape the page reads: result.knowledge.hits and result.memory.events.
        val found = act("""{"type":"search","query":"blue-green"}""").single()
        assertEquals("searchResult", found.type)
        val hits = ((found.raw["result"] as Map<*, *>)["knowledge"] as Map<*, *>)["hits"] as List<*>
        assertTrue(hits.any { "blue-green" in ((it as Map<*, *>)["snippet"] as String) }, found.json)

        val label = ok(h.client.state(project)).sources.sources.single().label
        assertEquals(0,
            act("""{"type":"deleteSource","label":${Json.write(label)}}""").single().state!!.sources.sources.size)
        val again = act("""{"type":"deleteSource","label":${Json.write(label)}}""")
        assertEquals(listOf("error", "state"), again.map { it.type })

        val afterDelete = act("""{"type":"deleteEvent","id":${prompt.id}}""").single().state!!
        assertTrue(afterDelete.memory.events.none { it.id == prompt.id })
        assertTrue(act("""{"type":"purge","scope":"session"}""").single().state!!.memory.events.isEmpty())

        val refused = h.client.action(project, """{"type":"exec","cmd":"rm -rf /"}""") as EngineResult.Failed
        assertEquals("usage", refused.error.code)
    }
}
