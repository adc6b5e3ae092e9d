package dev.contextmode.core

import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The messages `ctxmode action` answers for each dashboard action, as the TypeScript engine wrote them in a real run
 * (shared/test/protocol/golden/actions/, made by server/test/cli/protocol-golden.test.ts). The TypeScript and VS Code
 * tests parse the same files, so a change of their shape fails all three.
 */
class ActionGoldenTest {
    private val dir =
        File(System.getProperty("protocol.golden") ?: File(TestEngine.repo, "shared/test/protocol/golden").path,
        "actions")

    @Test
    fun `every action's golden messages parse into what the plugin and its page use`() {
        val files = dir.listFiles { f -> f.name.endsWith(".json") }
            ?.associateBy { it.name.removeSuffix(".json") }.orEmpty()
        assertEquals(setOf("refresh", "search", "pinEvent", "deleteEvent", "deleteSource", "purge"), files.keys)
        val parsed = files.mapValues { (_, f) -> DashboardMessage.list(f.readText()) }
        assertEquals(listOf("state"), parsed.getValue("refresh").map { it.type })
        assertEquals(20L, (parsed.getValue("refresh").single().state!!.raw["memory"] as Map<*, *>)["limit"])
        assertEquals(listOf("searchResult"), parsed.getValue("search").map { it.type })
        assertTrue(parsed.getValue("pinEvent").single().state!!.memory.events.first { it.id == 1L }.pinned)
        for (name in listOf("deleteEvent", "deleteSource")) {
            val ms = parsed.getValue(name)
            assertEquals(listOf("error", "state"), ms.map { it.type }, name)
            assertEquals(name, ms.first().raw["action"])
        }
        assertEquals(0, parsed.getValue("purge").single().state!!.memory.events.size)
        // Passed on to the page unchanged.
        for (m in parsed.values.flatten()) assertEquals(m.raw, Json.parseObject(m.json))
    }
}
