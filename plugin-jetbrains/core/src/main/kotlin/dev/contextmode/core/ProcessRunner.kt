package dev.contextmode.core

import java.io.File
import java.io.InputStream
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicBoolean

/** One command to run: argv, working directory, environment overrides, optional stdin text and a time limit. */
data class CommandSpec(
    val argv: List<String>,
    val workDir: File? = null,
    /** Added to (and overriding) the base environment the runner starts from. */
    val env: Map<String, String> = emptyMap(),
    val stdin: String? = null,
    val timeoutMs: Long = 60_000,
)

data class ProcessResult(
    val exitCode: Int?,
    val stdout: String,
    val stderr: String,
    val timedOut: Boolean,
    val cancelled: Boolean,
    /** Set when the program could not be started at all (no such file, not executable). */
    val startError: String? = null,
) {
    val ok get() = exitCode == 0 && !timedOut && !cancelled && startError == null

    /**
     * The program ran and exited by itself, so its answer (a version, a report, an error) is what a rerun with the
     * same inputs gives. False when it gave no answer: it did not start, timed out, was cancelled or was killed by a
     * signal (on Unix an exit status of 128 + the signal; the engine itself exits 0, 1 or 2). Only an answer may be
     * remembered for the session; a busy machine's missing answer is asked again.
     */
    val answered get() = startError == null && !timedOut && !cancelled && exitCode != null && !killedBySignal
    val killedBySignal get() = exitCode != null && exitCode > 128
}

/** Lets a caller (an IDE progress indicator, a closing project) end a run early. */
class CancelToken {
    private val flag = AtomicBoolean(false)
    fun cancel() = flag.set(true)
    val isCancelled get() = flag.get()
}

/** Runs engine commands. The IDE could swap in its own implementation; the JDK one below is what tests exercise. */
fun interface ProcessRunner {
    fun run(spec: CommandSpec, cancel: CancelToken): ProcessResult
}

/**
 * Runs a process with [java.lang.ProcessBuilder]: stdout and stderr are drained on their own threads (so a chatty
 * child never blocks on a full pipe), output beyond [maxCaptureBytes] per stream is dropped, and on timeout or
 * cancel the whole process tree is destroyed. [baseEnv] replaces the inherited environment when given (the IDE
 * passes the user's login-shell environment there).
 */
class JdkProcessRunner(
    private val baseEnv: Map<String, String>? = null,
    private val maxCaptureBytes: Int = 16 * 1024 * 1024,
    private val pollMs: Long = 50,
) : ProcessRunner {
    override fun run(spec: CommandSpec, cancel: CancelToken): ProcessResult {
        val builder = ProcessBuilder(spec.argv)
        spec.workDir?.let { builder.directory(it) }
        val env = builder.environment()
        if (baseEnv != null) { env.clear(); env.putAll(baseEnv) }
        env.putAll(spec.env)
        val process = try {
            builder.start()
        } catch (e: java.io.IOException) {
            return ProcessResult(null, "", "", timedOut = false, cancelled = false, startError = e.message
                ?: e.toString())
        }
        val out = Drain(process.inputStream, maxCaptureBytes).also { it.start() }
        val err = Drain(process.errorStream, maxCaptureBytes).also { it.start() }
        try {
            process.outputStream.use { s -> spec.stdin?.let { s.write(it.toByteArray(Charsets.UTF_8)) } }
        } catch (_: java.io.IOException) {
            // The child exited or closed stdin early; its exit code tells the story.
        }
        val deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(spec.timeoutMs)
        var timedOut = false
        var cancelled = false
        while (!process.waitFor(pollMs, TimeUnit.MILLISECONDS)) {
            if (cancel.isCancelled) { cancelled = true; break }
            if (System.nanoTime() > deadline) { timedOut = true; break }
        }
        if (timedOut || cancelled) destroyTree(process)
        out.join(2_000)
        err.join(2_000)
        val code = if (process.isAlive) null else process.exitValue()
        return ProcessResult(if (timedOut || cancelled) null else code, out.text(), err.text(), timedOut, cancelled)
    }

    private fun destroyTree(process: Process) {
        process.descendants().forEach { it.destroyForcibly() }
        process.destroyForcibly()
        process.waitFor(5, TimeUnit.SECONDS)
    }

    private class Drain(private val input: InputStream, private val cap: Int) : Thread("context-mode-drain") {
        private val buf = java.io.ByteArrayOutputStream()

        init { isDaemon = true }

        override fun run() {
            val chunk = ByteArray(8192)
            try {
                while (true) {
                    val n = input.read(chunk)
                    if (n < 0) break
                    synchronized(buf) { if (buf.size() < cap) buf.write(chunk, 0, minOf(n, cap - buf.size())) }
                }
            } catch (_: java.io.IOException) {
                // Stream closed when the process was destroyed.
            }
        }

        fun text(): String = synchronized(buf) { buf.toString(Charsets.UTF_8) }
    }
}
