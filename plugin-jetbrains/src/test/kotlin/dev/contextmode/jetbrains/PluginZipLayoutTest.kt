package dev.contextmode.jetbrains

import org.junit.jupiter.api.Test
import org.w3c.dom.Element
import java.io.File
import java.util.Properties
import java.util.zip.ZipEntry
import java.util.zip.ZipFile
import java.util.zip.ZipInputStream
import javax.xml.parsers.DocumentBuilderFactory
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The plugin zip as the IDE's "Install Plugin from Disk" reads it, checked against the IntelliJ Platform's plugin
 * layout (the one Gradle's buildPlugin writes): one top folder named after the project, the plugin's jars directly
 * in `<name>/lib/`, exactly one of them holding `META-INF/plugin.xml`, whose id, name, version, since-build and
 * until-build are the ones in gradle.properties; every class plugin.xml names is in a lib jar; the Kotlin stdlib is
 * not bundled (the platform provides it). Without the IDE: its installer is not here, so its rules are read as
 * written in the platform's documentation.
 */
class PluginZipLayoutTest {
    private val dir = File(System.getProperty("plugin.dir"))
    private val props = Properties().apply { File(dir, "gradle.properties").reader().use(::load) }
    private val projectName = Regex("""rootProject\.name\s*=\s*"([^"]+)"""")
        .find(File(dir, "settings.gradle.kts").readText())?.groupValues?.get(1) ?: error("no rootProject.name")
    private val zip = File(System.getProperty("plugin.zip"))
    private val entries = ZipFile(zip).use { z -> z.entries().toList().filter { !it.isDirectory }.map { it.name } }
    private val libJars = entries.filter { it.startsWith("$projectName/lib/") }

    /** The entry names of each lib jar, read from inside the zip (as the IDE's class loader would see them). */
    private val jarContents: Map<String, List<String>> = ZipFile(zip).use { z ->
        libJars.associateWith { name ->
            ZipInputStream(z.getInputStream(z.getEntry(name))).use { jar ->
                generateSequence { jar.nextEntry }.map(ZipEntry::getName).toList()
            }
        }
    }

    private fun descriptor(): org.w3c.dom.Document = ZipFile(zip).use { z ->
        val jarName = jarContents.entries.single { "META-INF/plugin.xml" in it.value }.key
        ZipInputStream(z.getInputStream(z.getEntry(jarName))).use { jar ->
            while (jar.nextEntry?.name != "META-INF/plugin.xml") Unit
            DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(jar.readBytes().inputStream())
        }
    }

    private fun org.w3c.dom.Document.elements(tag: String) =
        getElementsByTagName(tag).let { nl -> (0 until nl.length).map { nl.item(it) as Element } }

    @Test
    fun `without the IDE - one top folder named as the Gradle project, jars directly in its lib folder`() {
        assertEquals(setOf(projectName), entries.map { it.substringBefore('/') }.toSet(), "top-level folders")
        assertTrue(libJars.isNotEmpty(), "no $projectName/lib/")
        libJars.forEach { assertTrue(it.endsWith(".jar") && it.count { c -> c == '/' } == 2, "not a lib jar: $it") }
        assertTrue(entries.none { it.endsWith(".class") }, "loose classes outside the jars")
        assertTrue(libJars.none { Regex("""kotlin-(stdlib|reflect)""").containsMatchIn(it) },
            "the Kotlin stdlib is the platform's, not bundled: $libJars")
    }

    @Test
    fun `without the IDE - exactly one lib jar holds plugin xml, carrying the gradle properties`() {
        assertEquals(1, jarContents.values.count { "META-INF/plugin.xml" in it },
            "jars with META-INF/plugin.xml: ${jarContents.filterValues { "META-INF/plugin.xml" in it }.keys}")
        val xml = descriptor()
        assertEquals(props.getProperty("pluginGroup"), xml.elements("id").single().textContent)
        assertEquals(props.getProperty("pluginName"), xml.elements("name").single().textContent)
        assertEquals(props.getProperty("pluginVersion"), xml.elements("version").single().textContent)
        val ideaVersion = xml.elements("idea-version").single()
        val since = ideaVersion.getAttribute("since-build")
        assertEquals(props.getProperty("pluginSinceBuild"), since)
        // A real branch (and build) number; `.*` is valid only in until-build.
        assertTrue(Regex("""^\d{3}(\.\d+){0,2}$""").matches(since), "since-build $since")
        val until = props.getProperty("pluginUntilBuild").orEmpty().trim()
        if (until.isEmpty()) {
            assertTrue(!ideaVersion.hasAttribute("until-build"), "an empty pluginUntilBuild must leave the end open")
        } else {
            assertEquals(until, ideaVersion.getAttribute("until-build"))
            assertTrue(Regex("""^\d{3}(\.(\d+|\*)){0,2}$""").matches(until), "until-build $until")
        }
    }

    @Test
    fun `without the IDE - every class plugin xml names is inside a lib jar`() {
        val xml = descriptor()
        val named = listOf("toolWindow" to "factoryClass", "postStartupActivity" to "implementation",
            "applicationConfigurable" to "instance", "action" to "class")
            .flatMap { (tag, attr) -> xml.elements(tag).map { it.getAttribute(attr) } }
        assertTrue(named.size >= 5, "plugin.xml names $named")
        val classes = jarContents.values.flatten().toSet()
        named.forEach { assertTrue("${it.replace('.', '/')}.class" in classes, "$it is in no lib jar") }
    }
}
