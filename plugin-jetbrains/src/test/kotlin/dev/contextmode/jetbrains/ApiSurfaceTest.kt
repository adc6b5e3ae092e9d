package dev.contextmode.jetbrains

import org.junit.jupiter.api.Test
import java.io.File
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Every IntelliJ (and JCEF) member the plugin's bytecode references, from `javap -c -p`, must equal the reviewed
 * list in api-surface.txt. A change there is what a maintainer checks against a real IDE (or the Plugin Verifier).
 */
class ApiSurfaceTest {
    @Test
    fun `without the IDE - the IntelliJ members the plugin calls match api-surface txt`() {
        val classes = File(System.getProperty("plugin.build"),
            "plugin-classes").walk().filter { it.name.endsWith(".class") }.map { it.path }.toList()
        val p = ProcessBuilder(listOf("javap", "-c", "-p") + classes).redirectErrorStream(true).start()
        val text = p.inputStream.bufferedReader().readText()
        p.waitFor(60, TimeUnit.SECONDS)
        val refs = Regex("""// (Method|InterfaceMethod|Field|class) ((?:com/intellij|org/cef)/[^\s]+)""").findAll(text)
            .map { "${it.groupValues[1]} ${it.groupValues[2]}" }.toSortedSet()
        // The platform's Kotlin interfaces have no DefaultImpls classes: a call to one fails to link in the IDE.
        assertTrue(refs.none { "DefaultImpls" in it }, refs.filter { "DefaultImpls" in it }.toString())
        val golden = File(System.getProperty("plugin.dir"), "api-surface.txt")
        val body = refs.joinToString("\n", postfix = "\n")
        if (System.getProperty("update.api.surface") == "true") golden.writeText(body)
        assertEquals(golden.readText(), body,
            "IntelliJ API use changed: review, then run scripts/build-and-test.sh --update-api-surface")
    }
}
