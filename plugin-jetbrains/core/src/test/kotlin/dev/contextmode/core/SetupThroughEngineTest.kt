package dev.contextmode.core

import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * Setup and uninstall through the real engine CLI (`setup --host jetbrains-copilot --json`), on the files a
 * Copilot-for-JetBrains user already has: an mcp.json with other servers, and a hooks file of their own.
 */
class SetupThroughEngineTest {
    private val h = TestEngine.Home()
    private val project = TestEngine.gitRepo()
    private val mcp = File(h.home, ".config/github-copilot/intellij/mcp.json")
    private val theirHooks = File(project, ".github/hooks/security.json")
    private val mcpBefore = """
        {
          "servers": {
            "github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/" },
            "playwright": { "command": "npx", "args": ["@playwright/mcp@latest"] }
          }
        }
    """.trimIndent() + "\n"
    private val hooksBefore =
        """{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"./scripts/check.sh","timeoutSec":10}]}}""" +
            "\n"

    init {
        mcp.parentFile.mkdirs(); mcp.writeText(mcpBefore)
        theirHooks.parentFile.mkdirs(); theirHooks.writeText(hooksBefore)
    }


    private fun servers(): Map<*, *> = JsonObject.parse(mcp.readText()).obj("servers").map

    @Test
    fun `the dry-run plan names the Copilot files with diffs and writes nothing`() {
        val plan = ok(h.client.setupPlan(project))
        assertTrue(plan.dryRun && !plan.applied && plan.ok)
        assertEquals(listOf(HOST_ID), plan.hosts.map { it.host })
        val mcpPlan = plan.files.single { it.path == mcp.path }
        assertEquals("update", mcpPlan.action)
        assertTrue(mcpPlan.diff.contains("context-mode"), mcpPlan.diff)
        assertEquals(mcpBefore, mcp.readText())
        assertFalse(File(project, ".github/hooks/context-mode.json").exists())
    }

    @Test
    fun `setup merges into the user's files, keeps their servers and hooks, and a second run changes nothing`() {
        val plan = ok(h.client.setup(project))
        assertTrue(plan.applied && plan.ok, plan.toString())
        val s = servers()
        assertTrue("github" in s && "playwright" in s && "context-mode" in s, s.toString())
        assertEquals(hooksBefore, theirHooks.readText())
        val ours = File(project, ".github/hooks/context-mode.json")
        assertTrue(ours.isFile, "setup did not write $ours")
        // Copilot runs only the events named under "hooks"; each must call our CLI's copilot hook for that event.
        val hooks = JsonObject.parse(ours.readText()).obj("hooks")
        for (event in listOf("preToolUse", "postToolUse", "userPromptSubmitted", "preCompact", "sessionStart",
            "agentStop")) {
            val bash = hooks.objects(event).single().str("bash")
            assertTrue(bash.contains("ctxmode hook copilot ${event.lowercase()}"), "$event: $bash")
        }
        val again = ok(h.client.setup(project))
        assertTrue(again.changes.isEmpty(), again.changes.toString())
    }

    @Test
    fun `uninstall takes out only what setup added`() {
        ok(h.client.setup(project))
        val plan = ok(h.client.uninstall(project))
        assertTrue(plan.applied && plan.ok && plan.command == "uninstall", plan.toString())
        val s = servers()
        assertTrue("github" in s && "playwright" in s && "context-mode" !in s, s.toString())
        assertFalse(File(project, ".github/hooks/context-mode.json").exists())
        assertEquals(hooksBefore, theirHooks.readText())
    }

    @Test
    fun `a malformed mcp json is reported with a fix and nothing is written`() {
        mcp.writeText("{ \"servers\": { oops")
        val plan = ok(h.client.setup(project))
        assertFalse(plan.ok || plan.applied)
        val bad = plan.files.single { it.path == mcp.path }
        assertEquals("error", bad.action)
        assertTrue(bad.error != null && bad.error!!.message.isNotBlank())
        assertEquals("{ \"servers\": { oops", mcp.readText())
        assertFalse(File(project, ".github/hooks/context-mode.json").exists())
    }
}
