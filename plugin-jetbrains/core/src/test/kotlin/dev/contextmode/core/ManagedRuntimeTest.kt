package dev.contextmode.core

import org.junit.jupiter.api.Assumptions
import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertTrue

/** The plugin zip as built, unpacked like the IDE does; its engine is located and installed as the managed runtime. */
class ManagedRuntimeTest {
    @Test
    fun `the zip has the IDE layout, and its bundled engine runs when nothing is installed`() {
        val plugin = TestEngine.unpackPlugin()
        assertTrue(File(plugin, "lib/context-mode-jetbrains.jar").isFile &&
            File(plugin, "lib/context-mode-core.jar").isFile)
        val layout = PluginLayout(plugin)
        assertTrue(layout.bundledPackageJson.isFile, "no engine package in ${layout.engineDir}")
        val h = TestEngine.Home()
        val found = assertIs<EngineLookup.Found>(EngineLocator(h.runner).locate(TestEngine.node, null, layout, h.data))
        assertEquals(EngineSource.BUNDLED, found.engine.source)
        assertTrue(found.refreshManaged)
    }

    @Test
    fun `the shipped engine folder installs as the managed runtime, which is then preferred`() {
        // Node 20 needs better-sqlite3 built, which takes the network this machine lacks (that case is refused:
        // StoreCheckTest); a Node with node:sqlite installs the engine folder offline, as most users' Node does.
        val node = TestEngine.node22
        if (node == null) {
            assertTrue(System.getenv("CI").isNullOrEmpty(), "CI is set and no Node 22 is here (.ci/run installs it)")
            Assumptions.assumeTrue(false, "no Node 22 here: set CONTEXT_MODE_NODE22")
            return
        }
        val plugin = TestEngine.unpackPlugin()
        val layout = PluginLayout(plugin)
        val h = TestEngine.Home()
        val bundled = (EngineLocator(h.runner).locate(node, null, layout, h.data) as EngineLookup.Found).engine
        val result = ManagedRuntime(h.runner).install(bundled, layout, h.data.path)
        assertTrue(result.ok, result.message)
        val after = assertIs<EngineLookup.Found>(EngineLocator(h.runner).locate(node, null, layout, h.data))
        assertEquals(EngineSource.MANAGED, after.engine.source)
        assertTrue(after.engine.cli.startsWith(h.data.path))
        // Copied, not linked: the runtime outlives the plugin folder, which an update or uninstall deletes.
        assertTrue(plugin.deleteRecursively())
        assertEquals(after.engine.version, EngineLocator(h.runner).version(node, File(after.engine.cli)),
            "the managed runtime stopped working when the plugin folder went away")
    }
}
