package dev.contextmode.core

import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class DashboardBridgeTest {
    @Test
    fun `known actions with well-typed fields are accepted, anything else refused with a reason`() {
        assertEquals(DashboardAction.Refresh, DashboardBridge.parseAction("""{"type":"refresh"}""").getOrThrow())
        assertEquals(DashboardAction.Purge("session", "abc-1"), DashboardBridge.parseAction("""{"type":"purge","scope":"session","session":"abc-1"}""").getOrThrow())
        assertEquals(DashboardAction.Search("-rf x"), DashboardBridge.parseAction("""{"type":"search","query":"-rf x"}""").getOrThrow())
        for (bad in listOf("""{"type":"purge","scope":"everything"}""", """{"type":"purge","scope":"session","session":"../x"}""", """{"type":"exec","cmd":"rm"}""", "[]", "not json", """{"type":"search","query":"  "}""")) {
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
    fun `the page gets the bridge before the bundle runs, and messages cannot break out of the script`() {
        val dir = TestEngine.tempDir("dash")
        File(dir, "index.html").writeText("<!DOCTYPE html><html><head><title>d</title></head><body class=x><script src=\"app.js\"></script></body></html>")
        val html = DashboardPage.html(DashboardBridge.bridgeScript("window.cefQuery({request: msg});"), dir)
        assertTrue(html.indexOf("window.ctxBridge") < html.indexOf("app.js"))
        assertTrue(html.contains("<body data-transport=\"jetbrains\" class=x>"), html)
        val noBundle = DashboardPage.html(DashboardBridge.bridgeScript("q(msg);"), TestEngine.tempDir("none"))
        assertTrue(noBundle.contains("ctxBridge.post({ type: 'refresh' })"))
        val script = DashboardBridge.deliverScript(DashboardBridge.errorMessage("purge", EngineError("engine", "</script><script>alert(1)</script>", "hint")))
        assertTrue("</script>" !in script, script)
    }
}
