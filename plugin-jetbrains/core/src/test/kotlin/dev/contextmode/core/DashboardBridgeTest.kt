package dev.contextmode.core

import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class DashboardBridgeTest {
    @Test
    fun `known actions with well-typed fields are accepted, anything else refused with a reason`() {
        assertEquals(DashboardAction.Refresh(200), DashboardBridge.parseAction("""{"type":"refresh","memoryLimit":200}""").getOrThrow())
        assertEquals(DashboardAction.Purge("session"), DashboardBridge.parseAction("""{"type":"purge","scope":"session"}""").getOrThrow())
        assertEquals(DashboardAction.PinEvent(7, false), DashboardBridge.parseAction("""{"type":"pinEvent","id":7,"pinned":false}""").getOrThrow())
        assertEquals(DashboardAction.Search("-rf x"), DashboardBridge.parseAction("""{"type":"search","query":"-rf x"}""").getOrThrow())
        for (bad in listOf("""{"type":"purge","scope":"everything"}""", """{"type":"deleteEvent","id":-1}""", """{"type":"deleteEvent","id":"1; rm"}""",
                """{"type":"pinEvent","id":1}""", """{"type":"exec","cmd":"rm"}""", "[]", "not json", """{"type":"search","query":"  "}""")) {
            assertTrue(DashboardBridge.parseAction(bad).isFailure, bad)
        }
    }

    @Test
    fun `the planner maps each action to one engine command that always names the host`() {
        val p = CommandPlanner(Engine("/n/node", "/e/cli.cjs", "1", EngineSource.MANAGED), "/data")
        val purge = p.purgeSession(File("/p"), "s1")
        assertEquals(listOf("/n/node", "/e/cli.cjs", "purge", "--scope", "session", "--session", "s1", "--yes", "--json", "--project", "/p"), purge.argv)
        assertEquals(mapOf("CONTEXT_MODE_PLATFORM" to "jetbrains-copilot", "CONTEXT_MODE_HOME" to "/data"), purge.env)
        assertEquals(listOf("setup", "--host", "jetbrains-copilot", "--json", "--dry-run", "--project", "/p"), p.setup(File("/p"), true).argv.drop(2))
        assertEquals(listOf("--", "-x"), p.search(File("/p"), "-x").argv.takeLast(2))
    }

    @Test
    fun `the page gets the bridge before the bundle runs, under its CSP by nonce, and messages cannot break out`() {
        val dir = TestEngine.tempDir("dash")
        File(dir, "index.html").writeText("""<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self'"></head><body data-transport="http"><script src="dashboard.js"></script></body></html>""")
        val nonce = "abcdef0123456789abcd"
        val html = DashboardPage.html(DashboardBridge.bridgeScript("window.cefQuery({request: json});"), dir, nonce)
        assertTrue(html.indexOf("window.contextModeBridge") < html.indexOf("dashboard.js"))
        assertTrue(html.contains("script-src 'self' 'nonce-$nonce';"), html)
        assertTrue(html.contains("<script nonce=\"$nonce\">window.contextModeBridge"), html)
        assertTrue(html.contains("<body data-transport=\"jetbrains\">") && "data-transport=\"http\"" !in html, html)
        val noBundle = DashboardPage.html(DashboardBridge.bridgeScript("q(json);"), TestEngine.tempDir("none"), nonce)
        assertTrue(noBundle.contains("contextModeBridge.send(JSON.stringify({ type: 'refresh' }))"))
        val script = DashboardBridge.deliverScript(DashboardBridge.errorMessage("purge", EngineError("engine", "</script><script>alert(1)</script>\u2028", "hint")))
        assertTrue("</script>" !in script && "\u2028" !in script, script)
        assertTrue(script.startsWith("if (window.contextModeReceive) window.contextModeReceive(\"{"), script)
    }

    @Test
    fun `the real dashboard bundle shipped in the plugin zip gets the JetBrains transport`() {
        val bundle = File(TestEngine.repo, "server/dist/dashboard")
        val html = DashboardPage.html(DashboardBridge.bridgeScript("q(json);"), bundle, "abcdef0123456789abcd")
        assertTrue(File(bundle, "dashboard.js").isFile, "no dashboard bundle in $bundle")
        assertTrue(html.contains("data-transport=\"jetbrains\"") && html.contains("'nonce-abcdef0123456789abcd'"), html)
        // The bundle picks its transport from the object the bridge script installs.
        assertTrue(File(bundle, "dashboard.js").readText().contains("contextModeBridge"))
    }
}
