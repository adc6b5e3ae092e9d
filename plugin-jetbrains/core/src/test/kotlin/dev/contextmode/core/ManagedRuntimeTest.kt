package dev.contextmode.core

import org.junit.jupiter.api.Test
import java.io.File
import java.util.zip.ZipFile
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertTrue

/** The plugin zip as built, unpacked like the IDE does; its engine is located and installed as the managed runtime. */
class ManagedRuntimeTest {
    private fun unpackPlugin(): File {
        val zip = File(System.getProperty("plugin.zip")
            ?: error("plugin.zip not set: run through npm run test:jetbrains"))
        val dest = TestEngine.tempDir("plugins")
        ZipFile(zip).use { z ->
            for (e in z.entries()) {
                val out = File(dest, e.name)
                if (e.isDirectory) {
                    out.mkdirs()
                } else {
                    out.parentFile.mkdirs()
                    z.getInputStream(e).use { i -> out.outputStream().use { i.copyTo(it) } }
                }
            }
        }
        return File(dest, "context-mode-jetbrains")
    }

    @Test
    fun `the zip has the IDE layout, and its bundled engine runs when nothing is installed`() {
        val plugin = unpackPlugin()
        assertTrue(File(plugin, "lib/context-mode-jetbrains.jar").isFile &&
            File(plugin, "lib/context-mode-core.jar").isFile)
        val layout = PluginLayout(plugin)
        assertTrue(layout.tarball != null, "no engine tarball in ${layout.root}")
        val h = TestEngine.Home()
        val found = assertIs<EngineLookup.Found>(EngineLocator(h.runner).locate(TestEngine.node, null, layout, h.data))
        assertEquals(EngineSource.BUNDLED, found.engine.source)
        assertTrue(found.refreshManaged)
    }

    @Test
    fun `the shipped tarball installs as the managed runtime, which is then preferred`() {
        val plugin = unpackPlugin()
        val layout = PluginLayout(plugin)
        val h = TestEngine.Home()
        val bundled = (EngineLocator(h.runner).locate(TestEngine.node, null, layout,
            h.data) as EngineLookup.Found).engine
        val result = ManagedRuntime(h.runner).install(bundled, layout, h.data.path)
        assertTrue(result.ok, result.message)
        val after = assertIs<EngineLookup.Found>(EngineLocator(h.runner).locate(TestEngine.node, null, layout, h.data))
        assertEquals(EngineSource.MANAGED, after.engine.source)
        assertTrue(after.engine.cli.startsWith(h.data.path))
    }
}
