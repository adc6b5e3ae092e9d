package dev.contextmode.core

import org.junit.jupiter.api.Assumptions
import org.junit.jupiter.api.Test
import java.io.File
import java.nio.file.Files
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * A refused user does not wait for the same npm run and `doctor` on every click: the connect the IDE runs on each
 * action while it has no engine, without the IDE, with the real engine from the plugin zip. The runner counts the
 * commands; its managed install fails at once as npm does offline (this machine's npm could not fetch the driver).
 * A command that gives no answer (a busy machine) really times out: it runs with a 1 ms limit and is killed.
 */
class EngineConnectorTest {
    private class CountingRunner(env: Map<String, String>) : ProcessRunner {
        private val real = JdkProcessRunner(env)
        var installs = 0
        var doctors = 0
        var versions = 0
        /** The engine argument ("doctor", "--version") whose runs time out while set. */
        var timingOut: String? = null

        override fun run(spec: CommandSpec, cancel: CancelToken): ProcessResult {
            if ("upgrade" in spec.argv) {
                installs++
                return ProcessResult(1, "", "npm error code ENOTCACHED (offline)", timedOut = false, cancelled = false)
            }
            if ("doctor" in spec.argv) doctors++
            if ("--version" in spec.argv) versions++
            return real.run(if (timingOut in spec.argv) spec.copy(timeoutMs = 1) else spec, cancel)
        }
    }

    private val layout = PluginLayout(TestEngine.unpackPlugin())
    private val h = TestEngine.Home()

    /** Node 20 with no SQLite driver it can load (the zip's engine has no node_modules): the engine is refused. */
    private fun refusedRunner() = CountingRunner(h.env + ("CONTEXT_MODE_SQLITE_DRIVER" to "better-sqlite3"))

    private fun found(path: String = TestEngine.node): NodeLookup.Found {
        val v = JdkProcessRunner().run(CommandSpec(listOf(path, "--version")), CancelToken()).stdout.trim()
        return NodeLookup.Found(path, v.removePrefix("v"), "PATH")
    }

    @Test
    fun `a refused engine - the same inputs again answer the same refusal without install nor doctor`() {
        val runner = refusedRunner()
        val connector = EngineConnector(runner, ConnectMemory())
        val first = assertIs<ConnectOutcome.Refused>(connector.connect(found(), ConnectSettings(), layout, h.data))
        assertEquals("sqlite", first.problem)
        assertEquals(1 to 1, runner.installs to runner.doctors)
        repeat(3) {
            assertEquals(first, connector.connect(found(), ConnectSettings(), layout, h.data))
        }
        assertEquals(1 to 1, runner.installs to runner.doctors, "the same inputs ran the install or doctor again")
    }

    @Test
    fun `a refused engine - another Node, other settings or an explicit refresh run the install and doctor again`() {
        val runner = refusedRunner()
        val memory = ConnectMemory()
        val connector = EngineConnector(runner, memory)
        assertIs<ConnectOutcome.Refused>(connector.connect(found(), ConnectSettings(), layout, h.data))
        // Another interpreter at another path (here: a link to the same one, as a version manager's shim would be).
        val other = File(TestEngine.tempDir("bin"), "node")
        Files.createSymbolicLink(other.toPath(), File(TestEngine.node).toPath())
        assertIs<ConnectOutcome.Refused>(connector.connect(found(other.path), ConnectSettings(), layout, h.data))
        assertEquals(2 to 2, runner.installs to runner.doctors, "a changed Node was answered from memory")
        assertIs<ConnectOutcome.Refused>(
            connector.connect(found(), ConnectSettings(nodePath = TestEngine.node), layout, h.data))
        assertEquals(3 to 3, runner.installs to runner.doctors, "changed settings were answered from memory")
        memory.forget() // Tools → context-mode → Refresh
        assertIs<ConnectOutcome.Refused>(connector.connect(found(), ConnectSettings(), layout, h.data))
        assertEquals(4 to 4, runner.installs to runner.doctors, "an explicit refresh was answered from memory")
    }

    @Test
    fun `a store check that timed out says so and is not remembered - the next connect runs doctor again`() {
        val runner = refusedRunner()
        val connector = EngineConnector(runner, ConnectMemory())
        runner.timingOut = "doctor"
        val first = assertIs<ConnectOutcome.Refused>(connector.connect(found(), ConnectSettings(), layout, h.data))
        assertFalse(first.lasting)
        assertEquals(ConnectOutcome.NO_ANSWER, first.problem)
        assertTrue("timed out after 120 s" in first.message, first.message)
        assertFalse("cannot open its SQLite store" in first.message, "a timeout is no verdict: ${first.message}")
        assertEquals(1, runner.doctors)
        // The machine is no longer busy: the next action asks the engine again and gets its real answer, which
        // (it will not change for these inputs) is remembered from then on.
        runner.timingOut = null
        val second = assertIs<ConnectOutcome.Refused>(connector.connect(found(), ConnectSettings(), layout, h.data))
        assertEquals(2, runner.doctors, "the timed-out store check was answered from memory")
        assertEquals("sqlite", second.problem)
        assertTrue(second.lasting && "cannot open its SQLite store" in second.message, second.message)
        assertEquals(second, connector.connect(found(), ConnectSettings(), layout, h.data))
        assertEquals(2, runner.doctors)
        assertEquals(1, runner.installs, "the failed install is still not retried for the same inputs")
    }

    @Test
    fun `a version probe that timed out says so and is not remembered - the next connect looks again`() {
        val runner = refusedRunner()
        val connector = EngineConnector(runner, ConnectMemory())
        runner.timingOut = "--version"
        val first = assertIs<ConnectOutcome.Refused>(connector.connect(found(), ConnectSettings(), layout, h.data))
        assertFalse(first.lasting)
        assertTrue("gave no answer to `--version` within 20 s" in first.message, first.message)
        assertFalse("No context-mode engine was found" in first.message, "a timeout is no verdict: ${first.message}")
        val probes = runner.versions
        assertTrue(probes > 0)
        assertEquals(0 to 0, runner.installs to runner.doctors, "nothing runs past an engine that did not answer")
        runner.timingOut = null
        val second = assertIs<ConnectOutcome.Refused>(connector.connect(found(), ConnectSettings(), layout, h.data))
        assertTrue(runner.versions > probes, "the timed-out probe was answered from memory")
        assertEquals("sqlite", second.problem, "the engine is found once it answers, and then asked for its store")
        assertEquals(1 to 1, runner.installs to runner.doctors)
    }

    @Test
    fun `an accepted engine whose managed install failed - the install is not retried for the same inputs`() {
        val node22 = TestEngine.node22
        if (node22 == null) {
            assertTrue(System.getenv("CI").isNullOrEmpty(), "CI is set and no Node 22 is here (.ci/run installs it)")
            Assumptions.assumeTrue(false, "no Node 22 here: set CONTEXT_MODE_NODE22")
            return
        }
        val runner = CountingRunner(h.env)
        val memory = ConnectMemory()
        val connector = EngineConnector(runner, memory)
        val first = assertIs<ConnectOutcome.Connected>(connector.connect(found(node22), ConnectSettings(), layout,
            h.data))
        assertEquals(EngineSource.BUNDLED, first.client.engine.source, "the bundled engine serves meanwhile")
        assertNotNull(first.installNote, "the failed install is reported once")
        // Another project of the same IDE session connects: no second npm run, and no second report.
        val second = assertIs<ConnectOutcome.Connected>(connector.connect(found(node22), ConnectSettings(), layout,
            h.data))
        assertEquals(null, second.installNote)
        assertEquals(1, runner.installs)
        memory.forget()
        connector.connect(found(node22), ConnectSettings(), layout, h.data)
        assertEquals(2, runner.installs, "an explicit refresh did not retry the install")
    }
}
