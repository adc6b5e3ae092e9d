package dev.contextmode.core

import org.junit.jupiter.api.Test
import kotlin.concurrent.thread
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** The JDK runner against the real engine CLI and real Node processes. */
class ProcessRunnerTest {
    private val h = TestEngine.Home()

    @Test
    fun `captures the engine's JSON on stdout with the host set to jetbrains-copilot`() {
        val project = TestEngine.gitRepo()
        val r = h.runner.run(h.client.planner.stats(project), CancelToken())
        assertTrue(r.ok, r.stderr)
        assertEquals(StatsReport.SCHEMA, JsonObject.parse(r.stdout).str("schema"))
        assertEquals("jetbrains-copilot", h.client.planner.stats(project).env["CONTEXT_MODE_PLATFORM"])
    }

    @Test
    fun `a failing engine command gives its exit code and the reason from stderr`() {
        val project = TestEngine.gitRepo()
        val r = h.runner.run(h.client.planner.action(project, """{"type":"purge","scope":"everything"}"""),
            CancelToken())
        assertFalse(r.ok)
        // A refused action exits 2 with the engine's error document (context-mode.error/1) on stdout.
        assertEquals(2, r.exitCode, "${r.stdout} ${r.stderr}")
        val failed = EngineOutput.parse(r) { it } as EngineResult.Failed
        assertEquals("usage", failed.error.code)
        assertTrue(failed.error.message.contains("scope"), failed.error.message)
    }

    @Test
    fun `a process that outlives its timeout is killed with its children`() {
        val script = "require('child_process').spawn(process.execPath, ['-e', 'setTimeout(()=>{}, 60000)'], " +
            "{stdio: 'inherit'}); setTimeout(()=>{}, 60000)"
        val spec = CommandSpec(listOf(TestEngine.node, "-e", script), timeoutMs = 1_500)
        val started = System.nanoTime()
        val r = JdkProcessRunner().run(spec, CancelToken())
        assertTrue(r.timedOut)
        assertEquals(null, r.exitCode)
        assertTrue((System.nanoTime() - started) / 1_000_000 < 30_000, "hung past the timeout")
        assertEquals(EngineError("timeout", "The engine did not answer in time."),
            (EngineOutput.parse(r) { it } as EngineResult.Failed).error)
    }

    @Test
    fun `a process killed by a signal gave no answer, and says so`() {
        // What the OOM killer or a user's kill does to an engine run under load: no answer to remember.
        val r = JdkProcessRunner().run(CommandSpec(listOf("sh", "-c", "kill -9 $$")), CancelToken())
        assertEquals(137, r.exitCode)
        assertFalse(r.answered)
        val error = (EngineOutput.parse(r) { it } as EngineResult.Failed).error
        assertEquals("killed", error.code)
        assertTrue(error.unanswered && "signal 9" in error.message, error.message)
        val exited = JdkProcessRunner().run(CommandSpec(listOf("sh", "-c", "exit 1")), CancelToken())
        assertTrue(exited.answered, "a program that exited by itself answered")
    }

    @Test
    fun `cancel ends a running process`() {
        val token = CancelToken()
        thread { Thread.sleep(500); token.cancel() }
        val r = JdkProcessRunner().run(CommandSpec(listOf(TestEngine.node, "-e", "setTimeout(()=>{}, 60000)"),
            timeoutMs = 60_000), token)
        assertTrue(r.cancelled && !r.timedOut)
    }

    @Test
    fun `stdin reaches the engine's hook and a missing program is a start error`() {
        val project = TestEngine.gitRepo()
        val payload = """{"hook_event_name":"PreToolUse","tool_name":"read_file","tool_input":{"filePath":"x"},""" +
            """"cwd":"${project.path}","sessionId":"s1"}"""
        val r = h.runner.run(h.client.planner.hook("pretooluse", payload, project), CancelToken())
        assertEquals(0, r.exitCode, r.stderr)
        assertTrue(r.stdout.isBlank() || Json.parse(r.stdout.trim()) is Map<*, *>, r.stdout)
        val missing = JdkProcessRunner().run(CommandSpec(listOf("/no/such/program")), CancelToken())
        assertNotNull(missing.startError)
        assertEquals("spawn", (EngineOutput.parse(missing) { it } as EngineResult.Failed).error.code)
    }
}
