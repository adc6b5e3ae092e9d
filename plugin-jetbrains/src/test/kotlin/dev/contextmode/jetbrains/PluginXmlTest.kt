package dev.contextmode.jetbrains

import org.junit.jupiter.api.Test
import org.w3c.dom.Element
import java.io.File
import java.util.Properties
import java.util.jar.JarFile
import javax.xml.parsers.DocumentBuilderFactory
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Stands in for the IDE's plugin loader (none exists here): reads plugin.xml from the built jar and checks each
 * registered class against the IntelliJ API stubs — it loads, implements what its extension point requires, and
 * has the constructor the platform calls.
 */
class PluginXmlTest {
    private val jar = File(System.getProperty("plugin.build"), "context-mode-jetbrains.jar")
    private val doc = JarFile(jar).use { j ->
        val xml = j.getInputStream(j.getJarEntry("META-INF/plugin.xml"))
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml)
    }

    private fun elements(tag: String) =
        doc.getElementsByTagName(tag).let { nl -> (0 until nl.length).map { nl.item(it) as Element } }

    private fun check(className: String, iface: String, vararg ctor: Class<*>) {
        val c = Class.forName(className)
        assertTrue(Class.forName(iface).isAssignableFrom(c), "$className must implement $iface")
        c.getConstructor(*ctor)
    }

    @Test
    fun `without the IDE, its loader stood in for - each registered class loads with its interface and constructor`() {
        elements("toolWindow").forEach { check(it.getAttribute("factoryClass"),
            "com.intellij.openapi.wm.ToolWindowFactory") }
        elements("toolWindow").forEach { check(it.getAttribute("factoryClass"),
            "com.intellij.openapi.project.DumbAware") }
        elements("postStartupActivity").forEach { check(it.getAttribute("implementation"),
            "com.intellij.openapi.startup.ProjectActivity") }
        elements("applicationConfigurable").forEach { check(it.getAttribute("instance"),
            "com.intellij.openapi.options.Configurable") }
        val actions = elements("action")
        assertEquals(5, actions.size)
        actions.forEach { check(it.getAttribute("class"), "com.intellij.openapi.actionSystem.AnAction") }
        // Light services are found by annotation, not plugin.xml: the project service takes the Project.
        check("dev.contextmode.jetbrains.services.ContextModeProjectService", "com.intellij.openapi.Disposable",
            Class.forName("com.intellij.openapi.project.Project"))
        check("dev.contextmode.jetbrains.settings.ContextModeSettings",
            "com.intellij.openapi.components.PersistentStateComponent")
    }

    @Test
    fun `version and since-build are written once, in gradle properties, and the built plugin xml carries them`() {
        val props = Properties().apply { File(System.getProperty("plugin.dir"),
            "gradle.properties").reader().use(::load) }
        assertEquals(props.getProperty("pluginVersion"), elements("version").single().textContent)
        assertEquals(props.getProperty("pluginSinceBuild"),
            elements("idea-version").single().getAttribute("since-build"))
        val source = File(System.getProperty("plugin.dir"), "src/main/resources/META-INF/plugin.xml").readText()
        assertTrue("<version>" !in source && "<idea-version" !in source, "plugin.xml must not repeat them")
    }

    @Test
    fun `ids are unique, the platform dependency is set, and every text key exists in the bundle`() {
        val ids = elements("action").map { it.getAttribute("id") } + elements("group").map { it.getAttribute("id") }
        assertEquals(ids.size, ids.toSet().size)
        assertEquals("com.intellij.modules.platform", elements("depends").single().textContent)
        val bundle = Properties().apply {
            JarFile(jar).use { j -> load(j.getInputStream(j.getJarEntry("messages/ContextModeBundle.properties"))) }
        }
        elements("action").forEach { assertTrue(bundle.containsKey("action.${it.getAttribute("id")}.text"),
            it.getAttribute("id")) }
        elements("group").forEach { assertTrue(bundle.containsKey("group.${it.getAttribute("id")}.text")) }
        assertTrue(bundle.containsKey(elements("notificationGroup").single().getAttribute("key")))
        val sources = File(System.getProperty("plugin.dir"), "src/main/kotlin").walk().filter { it.isFile }
        val used = Regex("""message\("([\w.]+)"""").findAll(sources.joinToString("\n") { it.readText() })
            .map { it.groupValues[1] }
        used.forEach { assertTrue(bundle.containsKey(it), "bundle key $it missing") }
    }
}
