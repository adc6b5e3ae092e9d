package dev.contextmode.core

/**
 * When [StoreWatcher]'s next look runs, as arithmetic on times the caller hands in (any unit, [debounce] and
 * [maxWait] in the same one), so the shared `looks` cases in shared/test/state/watch-rule-cases.json can drive it
 * with a fake clock, as they drive ChangeGate in watch-rule.ts: a look runs [debounce] after the last event, but no
 * later than [maxWait] after the first event it answers. Not thread-safe: the watcher calls it under its lock.
 */
class LookSchedule(private val debounce: Long, private val maxWait: Long) {
    /** When the look last asked for runs (null before the first event), and the first event it answers. */
    private var due: Long? = null
    private var first = 0L

    /**
     * An event at [now]: the time the look should (re)run at, or null when the look already set answers it too.
     * A look whose time has come (running, or about to) may have read the stores before this event, so it is left
     * to run and this event starts the next window.
     */
    fun event(now: Long): Long? {
        val waiting = due?.takeIf { it > now }
        if (waiting == null) first = now
        val next = minOf(now + debounce, first + maxWait)
        // Capped: moving the look later would let a fast stream starve it again.
        if (waiting != null && next <= waiting) return null
        due = next
        return next
    }
}
