package dev.contextmode.core

import java.io.File
import java.nio.file.ClosedWatchServiceException
import java.nio.file.FileSystems
import java.nio.file.Path
import java.nio.file.StandardWatchEventKinds.ENTRY_CREATE
import java.nio.file.StandardWatchEventKinds.ENTRY_DELETE
import java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY
import java.nio.file.StandardWatchEventKinds.OVERFLOW
import java.nio.file.WatchKey
import java.util.concurrent.Executors
import java.util.concurrent.ScheduledFuture
import java.util.concurrent.TimeUnit

/**
 * The shells' one watcher rule, ported from shared/src/state/watch-rule.ts and tested against the same cases
 * (shared/test/state/watch-rule-cases.json): listen only to events for the stores (and their -wal/-shm/-journal)
 * and the memory spool, wait [DEBOUNCE_MS] after the last one but no more than [MAX_WAIT_MS] after the first one
 * not yet answered ([LookSchedule]), and report a change only when [signature] moved.
 * Reading the stores makes SQLite create and delete -wal/-shm files; without the signature, every refresh would
 * trigger the next one.
 */
object WatchRule {
    const val SPOOL_DIR = "memory-spool"
    const val DEBOUNCE_MS = 250L
    /** As WATCH_PROBE_MS in watch-rule.ts: probe + debounce keep a change under 1 s. */
    const val PROBE_MS = 250L
    /**
     * The longest a look waits from the first event it answers. Each event re-arms the debounce, so a store
     * written more often than every DEBOUNCE_MS (a long index run) would postpone the look until the writes stop:
     * while events keep coming, a look still runs at least every MAX_WAIT_MS, and the view follows the run.
     */
    const val MAX_WAIT_MS = 4 * DEBOUNCE_MS
    private val STORES = listOf("ledger.db", "memory.db", "knowledge.db")
    private val STORE_EVENT = Regex("""^(ledger|memory|knowledge)\.db(-wal|-shm|-journal)?$""")

    /** Size and modification time of a file (null when missing), and a folder's entries. */
    interface Fs {
        fun stat(file: File): Pair<Long, Long>?
        fun list(dir: File): List<String>
    }

    val realFs = object : Fs {
        override fun stat(file: File) = if (file.isFile) file.length() to file.lastModified() else null
        override fun list(dir: File) = dir.list()?.toList() ?: emptyList()
    }

    fun isStoreEvent(file: String?): Boolean = file != null && (STORE_EVENT.matches(file) || file == SPOOL_DIR)

    fun signature(dir: File, fs: Fs = realFs): String {
        val parts = STORES.map { name ->
            val db = fs.stat(File(dir, name))
            val wal = fs.stat(File(dir, "$name-wal"))?.takeIf { it.first > 0 }
            "$name:${db?.let { "${it.first}@${it.second}" } ?: "-"}:${wal?.let { "${it.first}@${it.second}" } ?: "-"}"
        }
        // Pending entries only: half-written (.tmp) and claimed ones are on their way in or out.
        val pending = fs.list(File(dir, SPOOL_DIR)).filter { it.endsWith(".json") }.sorted()
        return (parts + "spool:${pending.joinToString(",")}").joinToString("|")
    }
}

/**
 * Follows one project's data folder by [WatchRule] and calls [onChange] (on its own daemon thread) when the stores
 * changed. The folder and its spool appear with the first tool call and a purge may delete them: what is missing
 * is looked for every [WatchRule.PROBE_MS], and the signature is taken then too. The JDK's WatchService on macOS
 * polls (every 2–10 s) instead of using file events; the probe's look bounds the delay at PROBE_MS + DEBOUNCE_MS
 * on every OS, and costs a few stat calls (an unchanged signature refreshes nothing). Under a stream of writes
 * (events closer than DEBOUNCE_MS) a look runs at most [WatchRule.MAX_WAIT_MS] after the first event it answers.
 */
class StoreWatcher(private val dir: File, private val onChange: () -> Unit) : AutoCloseable {
    private val service = FileSystems.getDefault().newWatchService()
    private val timer = Executors.newSingleThreadScheduledExecutor { r ->
        Thread(r, "context-mode-watch-debounce").apply { isDaemon = true }
    }
    private val keys = HashMap<WatchKey, Boolean>() // true: the spool folder
    @Volatile private var shown = WatchRule.signature(dir)
    private var pending: ScheduledFuture<*>? = null
    /** On System.nanoTime. */
    private val schedule = LookSchedule(MS.toNanos(WatchRule.DEBOUNCE_MS), MS.toNanos(WatchRule.MAX_WAIT_MS))
    @Volatile private var closed = false
    private val loop = Thread(::run, "context-mode-watch").apply { isDaemon = true; start() }

    private fun attach() {
        fun watch(d: File, spool: Boolean) {
            if (keys.values.none { it == spool } && d.isDirectory) {
                val kinds = arrayOf(ENTRY_CREATE, ENTRY_DELETE, ENTRY_MODIFY)
                runCatching { d.toPath().register(service, *kinds) }.getOrNull()?.let {
                    keys[it] = spool
                    event(if (spool) WatchRule.SPOOL_DIR else null, force = true)
                }
            }
        }
        watch(dir, false)
        if (keys.values.any { !it }) watch(File(dir, WatchRule.SPOOL_DIR), true)
    }

    @Synchronized
    private fun event(file: String?, force: Boolean = false) {
        if (!force && !WatchRule.isStoreEvent(file)) return
        // A probe only asks for a look: it must not postpone one already due. The probe period equals the debounce,
        // so re-arming here let each probe cancel the look the previous one scheduled, and under load no look ran.
        if (force && pending?.isDone == false) return
        val now = System.nanoTime()
        val due = schedule.event(now) ?: return
        // A look still waiting is moved; one whose time has come is left to run (it may have read the stores before
        // this event, which the new one answers).
        pending?.takeIf { it.getDelay(TimeUnit.NANOSECONDS) > 0 }?.cancel(false)
        pending = timer.schedule(::settle, due - now, TimeUnit.NANOSECONDS)
    }

    private fun settle() {
        val now = WatchRule.signature(dir)
        if (now == shown || closed) return
        shown = now
        onChange()
    }

    private fun run() {
        try {
            while (!closed) {
                attach()
                val key = service.poll(WatchRule.PROBE_MS, TimeUnit.MILLISECONDS)
                if (key == null) {
                    event(null, force = true)
                    continue
                }
                val spool = keys[key] == true
                for (e in key.pollEvents()) {
                    if (e.kind() == OVERFLOW) event(null, force = true)
                    else event(if (spool) WatchRule.SPOOL_DIR else (e.context() as? Path)?.toString())
                }
                if (!key.reset()) keys.remove(key)
            }
        } catch (_: ClosedWatchServiceException) {
            // closed
        } catch (_: InterruptedException) {
            // closed
        }
    }

    override fun close() {
        closed = true
        runCatching { service.close() }
        timer.shutdownNow()
        loop.interrupt()
    }

    private companion object { val MS = TimeUnit.MILLISECONDS }
}
