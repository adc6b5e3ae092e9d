package dev.contextmode.core

import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * Never half-installed, without the IDE (its notification balloon is not here; ContextModeProjectService shows
 * these messages through it and stops before any setup offer): the real engine is asked whether it can open its
 * store, and no usable Node gives the same refusal and remedy.
 */
class StoreCheckTest {
    @Test
    fun `an engine that opens its store is accepted`() {
        assertNull(StoreCheck.refusal(TestEngine.Home().client))
    }

    @Test
    fun `without the IDE - the zip's engine with no SQLite driver for its Node is refused, saying why and how`() {
        val layout = PluginLayout(TestEngine.unpackPlugin())
        val h = TestEngine.Home()
        // Node 20 without a built better-sqlite3, whatever Node runs this test: the plugin's engine folder carries no
        // node_modules, so the driver forced here cannot load (as on a machine whose npm could not build it).
        val runner = JdkProcessRunner(h.env + ("CONTEXT_MODE_SQLITE_DRIVER" to "better-sqlite3"))
        val found = assertIs<EngineLookup.Found>(EngineLocator(runner).locate(TestEngine.node, null, layout, h.data))
        assertEquals(EngineSource.BUNDLED, found.engine.source, "the engine still starts: --version needs no store")
        val answer = assertNotNull(StoreCheck.refusal(EngineClient(runner, found.engine, h.data.path)))
        assertTrue(answer.lasting, "the engine answered: the same Node gives the same answer")
        val refusal = answer.message
        assertTrue(refusal.startsWith("context-mode is not wired into Copilot: the engine"), refusal)
        assertTrue("cannot open its SQLite store" in refusal && "better-sqlite3" in refusal, refusal)
        assertTrue(refusal.endsWith(StoreCheck.REMEDY), refusal)
        assertTrue(TestEngine.node in refusal, "names the Node it tried: $refusal")
    }

    @Test
    fun `without the IDE - no usable Node is refused with the same words and remedy`() {
        val missing = assertIs<NodeLookup.Missing>(NodeLocator(JdkProcessRunner(), "99.0.0").locate(null,
            LocatorEnv(mapOf("PATH" to TestEngine.node.substringBeforeLast('/')), "Linux",
                TestEngine.tempDir("h").path)))
        val message = missing.message
        assertTrue(message.startsWith("context-mode is not wired into Copilot: it needs Node.js 99.0.0"), message)
        assertTrue("is older than 99.0.0" in message, "says what was tried: $message")
        assertTrue(message.endsWith(StoreCheck.REMEDY), message)
    }
}
