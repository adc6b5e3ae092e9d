package dev.contextmode.core

import org.junit.jupiter.api.Test
import java.io.File
import java.util.concurrent.atomic.AtomicInteger
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The Kotlin port of the shells' watcher rule: the shared cases (shared/test/state/watch-rule-cases.json, which the
 * TypeScript rule is tested against too: which events count, which folder changes are new data, when a look runs),
 * then a real project written and read by the real engine CLI.
 */
class StoreWatcherTest {
    private val cases = JsonObject.parse(File(TestEngine.repo, "shared/test/state/watch-rule-cases.json").readText())

    private fun fakeFs(files: Map<String, Any?>) = object : WatchRule.Fs {
        override fun stat(file: File): Pair<Long, Long>? =
            (files[file.path.removePrefix("/d/")] as? List<*>)?.takeIf { it.firstOrNull() is Number }
                ?.let { (it[0] as Number).toLong() to (it[1] as Number).toLong() }
        override fun list(dir: File): List<String> =
            (files["${dir.path.removePrefix("/d/")}/"] as? List<*>)?.map { it as String } ?: emptyList()
    }

    @Test
    fun `the shared cases - which events count and which folder changes are new data`() {
        for (c in cases.objects("events")) assertEquals(c.bool("counts"),
            WatchRule.isStoreEvent(c.str("file").ifEmpty { null }), c.str("file"))
        for (c in cases.objects("signatures")) {
            val moved = WatchRule.signature(File("/d"), fakeFs(c.obj("before").map)) != WatchRule.signature(File("/d"),
                fakeFs(c.obj("after").map))
            assertEquals(c.bool("changed"), moved, c.str("name"))
        }
    }

    @Test
    fun `the shared cases - when a look runs, a debounce after each event capped at MAX_WAIT_MS`() {
        assertEquals(250L, WatchRule.DEBOUNCE_MS, "the cases are written for a 250 ms debounce")
        assertEquals(1000L, WatchRule.MAX_WAIT_MS, "and a 1 s cap")
        for (c in cases.objects("looks")) {
            // A fake clock in ms: the scheduled look runs when the next event comes at or after its time (an event
            // at a look's very time comes after it), the last one after the events.
            val schedule = LookSchedule(WatchRule.DEBOUNCE_MS, WatchRule.MAX_WAIT_MS)
            val looks = mutableListOf<Long>()
            var pending: Long? = null
            for (at in c.list("events").map { (it as Number).toLong() }) {
                pending?.takeIf { it <= at }?.let { looks += it; pending = null }
                schedule.event(at)?.let { pending = it }
            }
            pending?.let { looks += it }
            assertEquals(c.list("looks").map { (it as Number).toLong() }, looks, c.str("name"))
        }
    }

    private fun waitFor(ms: Long, what: () -> Boolean): Boolean {
        val end = System.currentTimeMillis() + ms
        while (System.currentTimeMillis() < end) { if (what()) return true; Thread.sleep(50) }
        return what()
    }

    @Test
    fun `a real index is reported once, a real read is not`() {
        val h = TestEngine.Home()
        val project = TestEngine.gitRepo()
        ok(h.client.state(project)) // creates nothing, but tells the project id
        File(project, "a.md").writeText("# A\n\nfirst note\n")
        fun index(file: String) {
            val argv = listOf(h.engine.node, h.engine.cli, "index", File(project, file).path, "--project", project.path)
            val r = h.runner.run(CommandSpec(argv, project, mapOf("CONTEXT_MODE_HOME" to h.data.path)), CancelToken())
            assertTrue(r.ok, r.stderr)
        }
        index("a.md")
        val dir = File(h.data, "projects/${ok(h.client.state(project)).project.id}")
        assertTrue(dir.isDirectory, dir.path)
        val changes = AtomicInteger()
        StoreWatcher(dir) { changes.incrementAndGet() }.use {
            Thread.sleep(600) // the first look at the folder settles
            changes.set(0)
            repeat(3) { ok(h.client.state(project)) }
            Thread.sleep(800)
            assertEquals(0, changes.get(), "reading the stores is no change")
            File(project, "b.md").writeText("# B\n\nsecond note\n")
            index("b.md")
            val done = System.currentTimeMillis()
            assertTrue(waitFor(1000) { changes.get() > 0 }, "an index was not reported within 1 s")
            println("StoreWatcherTest: index reported ${System.currentTimeMillis() - done} ms after the CLI exited")
        }
    }

    @Test
    fun `a new project's first data is reported within 1 s, wherever the probe timer stands`() {
        // The watcher starts before the data folder exists (a project opened before its first tool call); the first
        // index creates it. Three projects, indexed 0, 0.2 and 0.4 s after the watcher started.
        for (delay in listOf(0L, 200L, 400L)) {
            val h = TestEngine.Home()
            val project = TestEngine.gitRepo()
            val dir = File(h.data, "projects/${ok(h.client.state(project)).project.id}")
            assertTrue(!dir.exists(), "state must not create the data folder")
            File(project, "a.md").writeText("# A\n\nfirst note\n")
            val changes = AtomicInteger()
            StoreWatcher(dir) { changes.incrementAndGet() }.use {
                Thread.sleep(delay)
                val argv = listOf(h.engine.node, h.engine.cli, "index", File(project, "a.md").path,
                    "--project", project.path)
                val r = h.runner.run(CommandSpec(argv, project, mapOf("CONTEXT_MODE_HOME" to h.data.path)),
                    CancelToken())
                assertTrue(r.ok, r.stderr)
                val done = System.currentTimeMillis()
                assertTrue(waitFor(1000) { changes.get() > 0 }, "the first index (after $delay ms) not reported in 1 s")
                println("StoreWatcherTest: new project, index after $delay ms reported " +
                    "${System.currentTimeMillis() - done} ms after the CLI exited")
            }
        }
    }

    @Test
    fun `a stream of writes closer than the debounce is reported while it runs, not only when it stops`() {
        // A long index run: the knowledge store grows every 50 ms for 5 × MAX_WAIT_MS. Each write re-arms the
        // debounce; the watcher must still look while the writes keep coming. Generous on purpose (CI is loaded):
        // one report in 5 s proves the look is not starved, where the debounce alone would give none.
        val dir = TestEngine.tempDir("stream")
        val store = File(dir, "knowledge.db").apply { writeBytes(ByteArray(4096)) }
        val reports = java.util.concurrent.ConcurrentLinkedQueue<Long>()
        StoreWatcher(dir) { reports += System.nanoTime() }.use {
            Thread.sleep(2 * WatchRule.PROBE_MS) // the first look at the folder settles
            reports.clear()
            val started = System.nanoTime()
            val runNs = 5 * WatchRule.MAX_WAIT_MS * 1_000_000
            var writes = 0
            var last = started
            var longestGapMs = 0L
            while (System.nanoTime() - started < runNs) {
                java.io.FileOutputStream(store, true).use { it.write(ByteArray(512)) }
                writes++
                val now = System.nanoTime()
                longestGapMs = maxOf(longestGapMs, (now - last) / 1_000_000)
                last = now
                Thread.sleep(50)
            }
            val during = reports.count { it < last }
            println("StoreWatcherTest: $writes writes in ${(last - started) / 1_000_000} ms (longest gap " +
                "$longestGapMs ms), $during reports while they ran, first " +
                "${reports.firstOrNull()?.let { (it - started) / 1_000_000 }} ms after the first write")
            assertTrue(during > 0, "no report in ${(last - started) / 1_000_000} ms of writes every ~50 ms")
            // The last writes are reported too, once they stop.
            assertTrue(waitFor(5_000) { reports.any { it > last } }, "the last write was not reported")
        }
    }

    @Test
    fun `an idle watcher over a populated project reports nothing, though it looks every probe`() {
        val h = TestEngine.Home()
        val project = TestEngine.gitRepo()
        File(project, "a.md").writeText("# A\n\nfirst note\n")
        val argv = listOf(h.engine.node, h.engine.cli, "index", File(project, "a.md").path, "--project", project.path)
        assertTrue(h.runner.run(CommandSpec(argv, project, mapOf("CONTEXT_MODE_HOME" to h.data.path)),
            CancelToken()).ok)
        val dir = File(h.data, "projects/${ok(h.client.state(project)).project.id}")
        val changes = AtomicInteger()
        StoreWatcher(dir) { changes.incrementAndGet() }.use {
            Thread.sleep(6 * WatchRule.PROBE_MS)
            assertEquals(0, changes.get(), "an idle project was reported as changed")
        }
    }
}
