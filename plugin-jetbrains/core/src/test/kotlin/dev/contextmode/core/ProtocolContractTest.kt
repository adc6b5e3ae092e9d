package dev.contextmode.core

import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The Kotlin models against what the TypeScript side really produces: the golden protocol files its tests write
 * (shared/test/protocol/golden, required), and the live output of the real CLI for each read command the plugin uses.
 */
class ProtocolContractTest {
    private val h = TestEngine.Home()
    private val project = TestEngine.gitRepo()


    @Test
    fun `stats, memory and sources from the real CLI parse into the models`() {
        val stats = ok(h.client.stats(project))
        assertEquals(project.canonicalPath, File(stats.project.root).canonicalPath)
        assertTrue(stats.tokensAreEstimates)
        ok(h.client.memory(project)).let { assertTrue(it.sessions.isEmpty() && it.events.isEmpty()) }
        ok(h.client.sources(project)).let { assertEquals(0L, it.chunks) }
    }

    @Test
    fun `the dashboard state from the real CLI parses and goes to the page unchanged`() {
        val state = ok(h.client.state(project, memoryLimit = 20))
        assertEquals(project.canonicalFile.name, state.project.name)
        assertEquals(20L, (state.raw["memory"] as Map<*, *>)["limit"])
        val msg = Json.parseObject(DashboardBridge.stateMessage(state))
        assertEquals("state", msg["type"])
        assertEquals(state.raw, msg["state"])
    }

    @Test
    fun `doctor from the real CLI parses, with a status per check`() {
        val d = ok(h.client.doctor(project))
        assertTrue(d.checks.any { it.name == "node" && it.status == CheckStatus.OK }, d.checks.toString())
    }

    /**
     * The golden files the TypeScript side writes (server/test/cli/protocol-golden.test.ts, one real CLI document per
     * protocol type, volatile values as placeholders): each parses into its model and the fields the plugin shows
     * come through with the golden's values. A golden file without a check here, or a check without its file, fails.
     */
    @Test
    fun `the golden protocol files parse into the models`() {
        val dir = File(System.getProperty("protocol.golden")
            ?: File(TestEngine.repo, "shared/test/protocol/golden").path)
        val files = dir.listFiles { f -> f.name.endsWith(".json") }
            ?.associateBy { it.name.removeSuffix(".json") }.orEmpty()
        val update = "UPDATE_GOLDEN=1 node scripts/run-tests.mjs server/test/cli/protocol-golden.test.ts"
        assertTrue(files.isNotEmpty(), "no golden protocol files in $dir: run $update")
        val checks: Map<String, (JsonObject) -> Unit> = mapOf(
            "stats" to { o -> checkStats(StatsReport.from(o), o) },
            "memory" to { o -> checkMemory(MemoryReport.from(o), o) },
            "dashboard-state" to { o ->
                val s = DashboardState.from(o)
                assertEquals(o.obj("project").str("name"), s.project.name)
                checkStats(s.stats, o.obj("stats"))
                checkMemory(s.memory, o.obj("memory"))
                checkSources(s.sources, o.obj("sources"), "items")
                assertEquals(o.map, s.raw)
            },
            "sources" to { o -> checkSources(SourcesReport.from(o), o, "sources") },
            "doctor" to { o ->
                val d = DoctorReport.from(o)
                assertEquals(o.bool("ok"), d.ok)
                assertEquals(o.objects("checks").map { it.str("name") to it.strOrNull("fix") },
                    d.checks.map { it.name to it.fix })
                assertTrue(d.problems.all { it.status != CheckStatus.OK })
            },
            "setup-plan" to { o ->
                val p = SetupPlan.from(o)
                assertEquals(listOf(o.bool("applied"), o.bool("ok")), listOf(p.applied, p.ok))
                val files = o.objects("hosts").flatMap { it.objects("files") }
                assertEquals(files.map { Triple(it.str("path"), it.str("action"), it.str("diff")) },
                    p.files.map { Triple(it.path, it.action, it.diff) })
                assertEquals(o.objects("hosts").map { it.str("host") }, p.hosts.map { it.host })
            },
            "upgrade" to { o ->
                val u = UpgradeReport.from(o)
                val g = o.obj("upgrade")
                assertEquals(listOf(g.str("runtime"), g.strOrNull("error")), listOf(u.runtime, u.error))
                assertEquals(g.bool("ok"), u.ok)
            },
            "error" to { o ->
                val r = EngineOutput.parse(ProcessResult(2, Json.write(o.map), "", timedOut = false,
                    cancelled = false)) { error("an error document must not parse as a value") }
                val e = (r as EngineResult.Failed).error
                assertEquals(EngineError(o.str("code"), o.str("message"), o.strOrNull("hint")), e)
            },
            // No Kotlin model yet (the plugin does not read them): valid JSON objects with their main field.
            "index" to { o -> assertTrue(o.long("chunks") > 0) },
            "search" to { o -> assertTrue(o.objects("hits").all { it.has("source") && it.has("snippet") }) },
            "purge" to { o -> assertTrue(o.has("scope")) },
            "source-delete" to { o -> assertEquals(true, o.bool("deleted")) },
            "search-timeline" to { o -> assertTrue(o.objects("hits").any { it.str("source").startsWith("memory:") }) },
            // The plugin reads only the exit code of pin and delete (EngineClient.mutate); the documents still parse.
            "memory-pin" to { o -> assertEquals(listOf(1L, true), listOf(o.long("id"), o.bool("pinned"))) },
            "memory-delete" to { o -> assertEquals(true, o.bool("deleted")) },
        )
        assertEquals(checks.keys.sorted(), files.keys.sorted(), "golden files in $dir vs the checks of this test")
        for ((name, f) in files) {
            val o = JsonObject.parse(f.readText())
            runCatching { checks.getValue(name)(o) }
                .onFailure { throw AssertionError("golden $name.json: ${it.message}", it) }
        }
    }

    private fun checkStats(s: StatsReport, o: JsonObject) {
        assertEquals(o.obj("project").str("root"), s.project.root)
        assertEquals(o.bool("tokensAreEstimates"), s.tokensAreEstimates)
        for ((totals, g) in listOf(s.projectTotals to o.obj("projectTotals"), s.allTime to o.obj("allTime")) +
            listOfNotNull(s.session?.let { it to o.obj("session") })) {
            assertEquals(
                listOf(g.long("entries"), g.long("rawBytes"), g.long("returnedBytes"), g.long("savedBytes"),
                    g.long("ownCostBytes"), g.long("netBytes"), g.obj("estimatedTokens").long("net")),
                listOf(totals.entries, totals.rawBytes, totals.returnedBytes, totals.savedBytes, totals.ownCostBytes,
                    totals.netBytes, totals.netTokens),
            )
        }
        assertEquals(o.objOrNull("session")?.str("id"), s.sessionId)
        assertTrue((s.session?.savedBytes ?: 0L) > 0L, "the golden stats report a session with savings")
        assertEquals(o.objects("tools").map { Triple(it.str("tool"), it.long("calls"), it.long("savedBytes")) },
            s.tools.map { Triple(it.tool, it.calls, it.savedBytes) })
    }

    private fun checkMemory(m: MemoryReport, o: JsonObject) {
        assertEquals(o.objects("sessions").map { it.str("id") to it.long("events") },
            m.sessions.map { it.id to it.events })
        assertEquals(o.objects("events").map { listOf(it.long("id"), it.str("category"), it.str("data"),
            it.bool("pinned")) }, m.events.map { listOf(it.id, it.category, it.data, it.pinned) })
        assertTrue(m.events.isNotEmpty(), "the golden memory holds events")
    }

    private fun checkSources(s: SourcesReport, o: JsonObject, listKey: String) {
        assertEquals(listOf(o.long("chunks"), o.long("bytes")), listOf(s.chunks, s.bytes))
        assertEquals(o.objects(listKey).map { Triple(it.str("source"), it.long("chunks"), it.long("bytes")) },
            s.sources.map { Triple(it.label, it.chunks, it.bytes) })
        assertTrue(s.sources.isNotEmpty(), "the golden sources are not empty")
    }
}
