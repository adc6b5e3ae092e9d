package dev.contextmode.core

/** Dotted numeric versions ("v22.5.1", "0.1.0-beta"): pre-release and build tags are ignored. */
object Versions {
    fun parts(v: String): List<Int> =
        v.trim().removePrefix("v").split('.', '-', '+').take(3).map { it.toIntOrNull() ?: 0 }.let { it +
            List(3 - it.size) { 0 } }

    /** Negative when a < b, zero when equal, positive when a > b. */
    fun compare(a: String, b: String): Int {
        val (x, y) = parts(a) to parts(b)
        for (i in 0 until 3) if (x[i] != y[i]) return x[i] - y[i]
        return 0
    }

    /** The version in `node --version` output ("v22.5.1\n"), or null when the text is not one. */
    fun fromNodeOutput(text: String): String? = Regex("""^v(\d+\.\d+\.\d+)""").find(text.trim())?.groupValues?.get(1)
}
