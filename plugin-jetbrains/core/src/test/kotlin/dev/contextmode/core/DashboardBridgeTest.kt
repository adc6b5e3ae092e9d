package dev.contextmode.core

import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class DashboardBridgeTest {
    @Test
    fun `an action goes to the engine unread, after --, with the host named`() {
        val p = CommandPlanner(Engine("/n/node", "/e/cli.cjs", "1", EngineSource.MANAGED), "/data")
        val spec = p.action(File("/p"), "--version")
        assertEquals(listOf("/n/node", "/e/cli.cjs", "action", "--project", "/p", "--", "--version"), spec.argv)
        assertEquals(mapOf("CONTEXT_MODE_PLATFORM" to "jetbrains-copilot", "CONTEXT_MODE_HOME" to "/data"), spec.env)
        assertEquals(listOf("setup", "--host", "jetbrains-copilot", "--json", "--dry-run", "--project", "/p"),
            p.setup(File("/p"), true).argv.drop(2))
        assertEquals("purge", DashboardMessage.actionName("""{"type":"purge","scope":"x"}"""))
        assertEquals("unknown", DashboardMessage.actionName("not json"))
    }

    @Test
    fun `engine messages the page would not understand are refused`() {
        val hitWithoutSnippet = """[{"type":"searchResult","query":"q",""" +
            """"result":{"knowledge":{"hits":[{"source":"s"}]},"memory":{"events":[]}}}]"""
        val notForThePage = listOf(
            """{"type":"state"}""", """[{"type":"busy"}]""", """[{"type":"error","action":"x"}]""",
            hitWithoutSnippet, "[1]",
        )
        for (bad in notForThePage) {
            assertTrue(runCatching { DashboardMessage.list(bad) }.isFailure, bad)
        }
    }

    @Test
    fun `without JCEF - the page gets the bridge before its bundle runs, under its CSP by nonce, messages stay in`() {
        val dir = TestEngine.tempDir("dash")
        val policy = "default-src 'none'; script-src 'self'; style-src 'self'"
        val csp = """<meta http-equiv="Content-Security-Policy" content="$policy">"""
        File(dir, "index.html").writeText(
            """<!DOCTYPE html><html><head>$csp</head><body data-transport="http">""" +
                """<script src="dashboard.js"></script></body></html>""",
        )
        val nonce = "abcdef0123456789abcd"
        val html = DashboardPage.html(DashboardBridge.bridgeScript("window.cefQuery({request: json});"), dir, nonce)
        assertTrue(html.indexOf("window.contextModeBridge") < html.indexOf("dashboard.js"))
        assertTrue(html.contains("script-src 'self' 'nonce-$nonce';"), html)
        assertTrue(html.contains("<script nonce=\"$nonce\">window.contextModeBridge"), html)
        assertTrue(html.contains("<body data-transport=\"jetbrains\">") && "data-transport=\"http\"" !in html, html)
        val noBundle = DashboardPage.html(DashboardBridge.bridgeScript("q(json);"), TestEngine.tempDir("none"), nonce)
        assertTrue(noBundle.contains("contextModeBridge.send(JSON.stringify({ type: 'refresh' }))"))
        val script = DashboardBridge.deliverScript(DashboardBridge.errorMessage("purge",
            EngineError("engine", "</script><script>alert(1)</script>\u2028", "hint")))
        assertTrue("</script>" !in script && "\u2028" !in script, script)
        assertTrue(script.startsWith("if (window.contextModeReceive) window.contextModeReceive(\"{"), script)
    }

    @Test
    fun `without JCEF - the real dashboard bundle shipped in the plugin zip gets the JetBrains transport`() {
        val bundle = File(TestEngine.repo, "server/dist/dashboard")
        val html = DashboardPage.html(DashboardBridge.bridgeScript("q(json);"), bundle, "abcdef0123456789abcd")
        assertTrue(File(bundle, "dashboard.js").isFile, "no dashboard bundle in $bundle")
        assertTrue(html.contains("data-transport=\"jetbrains\"") && html.contains("'nonce-abcdef0123456789abcd'"), html)
        // The bundle picks its transport from the object the bridge script installs.
        assertTrue(File(bundle, "dashboard.js").readText().contains("contextModeBridge"))
    }
}
