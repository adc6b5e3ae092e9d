package dev.contextmode.jetbrains

import org.junit.jupiter.api.Test
import java.io.File
import java.util.zip.ZipFile
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Gradle cannot run here, so the maintainer's release build (build.gradle.kts) is checked by reading: it must put the
 * same files into the plugin's context-mode/ folder as scripts/build-and-test.sh, whose zip the other tests install.
 * Both ship the engine once: its package folder, which also installs the managed runtime, and no tarball of it.
 */
class GradleLayoutTest {
    private val dir = File(System.getProperty("plugin.dir"))
    private val gradle = File(dir, "build.gradle.kts").readText()
    private val script = File(dir, "scripts/build-and-test.sh").readText()
    private val root = "context-mode-jetbrains/context-mode/"
    private val zipNames =
        ZipFile(File(System.getProperty("plugin.zip"))).use { z -> z.entries().toList().map { it.name } }

    /** The first path segment of each zip entry under [prefix]. */
    private fun children(prefix: String) =
        zipNames.filter { it.startsWith(prefix) &&
        it != prefix }.map { it.removePrefix(prefix).substringBefore('/') }.toSortedSet()

    private fun gradleEngineParts(): List<String> {
        val list = Regex("""val engineParts = listOf\(([^)]*)\)""").find(gradle)?.groupValues?.get(1)
            ?: error("build.gradle.kts declares no engineParts")
        return Regex("\"([^\"]+)\"").findAll(list).map { it.groupValues[1] }.toList()
    }

    @Test
    fun `the Gradle build ships the engine files the tested zip ships`() {
        val copyLoop = Regex("""for part in ([^;]+); do cp -r "\S+/server/\S+" "\S+/context-mode/engine/"""")
        val scriptParts = copyLoop.find(script)?.groupValues?.get(1)?.trim()?.split(Regex("\\s+"))
            ?: error("build-and-test.sh no longer copies server parts into context-mode/engine")
        assertEquals(scriptParts.sorted(), gradleEngineParts().sorted())
        assertEquals(gradleEngineParts().toSortedSet(), children("${root}engine/"))
        assertTrue(gradle.contains("into(pluginName.map { \"\$it/context-mode/engine\" })"),
            "Gradle must copy the engine into context-mode/engine")
        assertTrue(gradle.contains("exclude(\"**/*.map\")") && zipNames.none { it.endsWith(".map") },
            "source maps must stay out of both builds")
    }

    @Test
    fun `neither build ships a second copy of the engine - no npm pack, no tarball`() {
        assertEquals(setOf("engine"), children(root), "context-mode/ holds the engine folder only")
        assertTrue(zipNames.none { it.endsWith(".tgz") }, "the zip carries an engine tarball")
        assertTrue(!Regex("""npm pack\b""").containsMatchIn(script) && "npm, \"pack\"" !in gradle && ".tgz" !in gradle,
            "a build packs the engine a second time")
    }
}
