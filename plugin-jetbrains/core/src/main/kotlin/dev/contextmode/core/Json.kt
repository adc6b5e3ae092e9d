package dev.contextmode.core

/**
 * A small JSON reader and writer, so the core needs nothing beyond the JDK and the Kotlin stdlib (the IDE bundles
 * its own serialization libraries, which the plugin must not ship). Values map to Kotlin types: objects to
 * [Map] (key order kept), arrays to [List], numbers to [Long] when integral and [Double] otherwise, and
 * strings, booleans and null as themselves. Only strict JSON is accepted: the engine prints strict JSON.
 */
object Json {
    class ParseError(message: String, val offset: Int) : IllegalArgumentException("$message at offset $offset")

    fun parse(text: String): Any? {
        val reader = Reader(text)
        reader.skipSpace()
        val value = reader.value()
        reader.skipSpace()
        if (!reader.atEnd()) throw ParseError("unexpected text after the JSON value", reader.pos)
        return value
    }

    /** Parses text that must be a JSON object. */
    fun parseObject(text: String): Map<String, Any?> =
        parse(text) as? Map<String, Any?> ?: throw ParseError("expected a JSON object", 0)

    fun write(value: Any?): String = StringBuilder().also { writeTo(it, value) }.toString()

    private fun writeTo(out: StringBuilder, value: Any?) {
        when (value) {
            null -> out.append("null")
            is String -> writeString(out, value)
            is Boolean -> out.append(value)
            is Int, is Long, is Short, is Byte -> out.append(value)
            is Number -> {
                val d = value.toDouble()
                require(d.isFinite()) { "JSON has no representation for $d" }
                if (d == Math.rint(d) && Math.abs(d) < 1e15) out.append(d.toLong()) else out.append(d)
            }
            is Map<*, *> -> {
                out.append('{')
                var first = true
                for ((k, v) in value) {
                    if (!first) out.append(',')
                    first = false
                    writeString(out, k.toString())
                    out.append(':')
                    writeTo(out, v)
                }
                out.append('}')
            }
            is Iterable<*> -> {
                out.append('[')
                value.forEachIndexed { i, v -> if (i > 0) out.append(','); writeTo(out, v) }
                out.append(']')
            }
            else -> throw IllegalArgumentException("cannot write ${value::class.java.name} as JSON")
        }
    }

    private fun writeString(out: StringBuilder, s: String) {
        out.append('"')
        for (c in s) {
            when {
                c == '"' -> out.append("\\\"")
                c == '\\' -> out.append("\\\\")
                c == '\n' -> out.append("\\n")
                c == '\r' -> out.append("\\r")
                c == '\t' -> out.append("\\t")
                // U+2028/2029 are line breaks to a JavaScript parser: escaped so the text is safe inside a script.
                c < ' ' || c == '\u2028' || c == '\u2029' || c == '<' -> out.append("\\u%04x".format(c.code))
                else -> out.append(c)
            }
        }
        out.append('"')
    }

    private class Reader(val s: String) {
        var pos = 0
        private var depth = 0

        fun atEnd() = pos >= s.length

        fun skipSpace() {
            while (pos < s.length && (s[pos] == ' ' || s[pos] == '\n' || s[pos] == '\r' || s[pos] == '\t')) pos++
        }

        fun value(): Any? {
            if (atEnd()) throw ParseError("unexpected end of input", pos)
            return when (val c = s[pos]) {
                '{' -> obj()
                '[' -> arr()
                '"' -> str()
                't' -> word("true", true)
                'f' -> word("false", false)
                'n' -> word("null", null)
                else -> if (c == '-' || c in '0'..'9') num() else throw ParseError("unexpected '$c'", pos)
            }
        }

        private fun nest() {
            if (++depth > 512) throw ParseError("nesting deeper than 512", pos)
        }

        private fun obj(): Map<String, Any?> {
            nest()
            pos++
            val out = LinkedHashMap<String, Any?>()
            skipSpace()
            if (peek() == '}') { pos++; depth--; return out }
            while (true) {
                skipSpace()
                if (peek() != '"') throw ParseError("expected a string key", pos)
                val key = str()
                skipSpace()
                expect(':')
                skipSpace()
                out[key] = value()
                skipSpace()
                when (peek()) {
                    ',' -> pos++
                    '}' -> { pos++; depth--; return out }
                    else -> throw ParseError("expected ',' or '}'", pos)
                }
            }
        }

        private fun arr(): List<Any?> {
            nest()
            pos++
            val out = ArrayList<Any?>()
            skipSpace()
            if (peek() == ']') { pos++; depth--; return out }
            while (true) {
                skipSpace()
                out.add(value())
                skipSpace()
                when (peek()) {
                    ',' -> pos++
                    ']' -> { pos++; depth--; return out }
                    else -> throw ParseError("expected ',' or ']'", pos)
                }
            }
        }

        private fun str(): String {
            pos++
            val out = StringBuilder()
            while (true) {
                if (atEnd()) throw ParseError("unterminated string", pos)
                val c = s[pos++]
                when {
                    c == '"' -> return out.toString()
                    c == '\\' -> {
                        if (atEnd()) throw ParseError("unterminated escape", pos)
                        when (val e = s[pos++]) {
                            '"' -> out.append('"'); '\\' -> out.append('\\'); '/' -> out.append('/')
                            'b' -> out.append('\b'); 'f' -> out.append('\u000c'); 'n' -> out.append('\n')
                            'r' -> out.append('\r'); 't' -> out.append('\t')
                            'u' -> {
                                if (pos + 4 > s.length) throw ParseError("short \\u escape", pos)
                                val hex = s.substring(pos, pos + 4)
                                out.append(hex.toIntOrNull(16)?.toChar() ?: throw ParseError("bad \\u escape", pos))
                                pos += 4
                            }
                            else -> throw ParseError("bad escape '\\$e'", pos - 1)
                        }
                    }
                    c < ' ' -> throw ParseError("control character in string", pos - 1)
                    else -> out.append(c)
                }
            }
        }

        private fun num(): Number {
            val start = pos
            if (peek() == '-') pos++
            digits()
            var integral = true
            if (peek() == '.') { integral = false; pos++; digits() }
            if (peek() == 'e' || peek() == 'E') {
                integral = false
                pos++
                if (peek() == '+' || peek() == '-') pos++
                digits()
            }
            val text = s.substring(start, pos)
            if (integral) text.toLongOrNull()?.let { return it }
            return text.toDoubleOrNull() ?: throw ParseError("bad number '$text'", start)
        }

        private fun digits() {
            val start = pos
            while (pos < s.length && s[pos] in '0'..'9') pos++
            if (pos == start) throw ParseError("expected a digit", pos)
        }

        private fun word(w: String, v: Any?): Any? {
            if (!s.startsWith(w, pos)) throw ParseError("unexpected token", pos)
            pos += w.length
            return v
        }

        private fun peek(): Char = if (pos < s.length) s[pos] else '\u0000'

        private fun expect(c: Char) {
            if (peek() != c) throw ParseError("expected '$c'", pos)
            pos++
        }
    }
}

/** Typed reads from a parsed JSON object; a wrong type is an [IllegalArgumentException] naming the field. */
class JsonObject(val map: Map<String, Any?>, private val where: String = "$") {
    fun has(key: String) = map.containsKey(key) && map[key] != null
    fun str(key: String): String = map[key] as? String ?: fail(key, "a string")
    fun strOrNull(key: String): String? = map[key] as? String
    fun long(key: String): Long = (map[key] as? Number)?.toLong() ?: fail(key, "a number")
    fun longOr(key: String, default: Long): Long = (map[key] as? Number)?.toLong() ?: default
    fun double(key: String): Double = (map[key] as? Number)?.toDouble() ?: fail(key, "a number")
    fun bool(key: String): Boolean = map[key] as? Boolean ?: fail(key, "a boolean")
    fun boolOr(key: String, default: Boolean): Boolean = map[key] as? Boolean ?: default
    fun obj(key: String): JsonObject = objOrNull(key) ?: fail(key, "an object")
    @Suppress("UNCHECKED_CAST")
    fun objOrNull(key: String): JsonObject? = (map[key] as? Map<String, Any?>)?.let { JsonObject(it, "$where.$key") }
    fun list(key: String): List<Any?> = map[key] as? List<Any?> ?: fail(key, "an array")
    @Suppress("UNCHECKED_CAST")
    fun objects(key: String): List<JsonObject> = list(key).mapIndexed { i, v ->
        JsonObject(v as? Map<String, Any?> ?: fail("$key[$i]", "an object"), "$where.$key[$i]")
    }
    fun strings(key: String): List<String> =
        list(key).mapIndexed { i, v -> v as? String ?: fail("$key[$i]", "a string") }

    private fun fail(key: String, what: String): Nothing =
        throw IllegalArgumentException(
            "$where.$key: expected $what, got ${Json.write(map[key.substringBefore('[')]).take(80)}",
        )

    companion object {
        fun parse(text: String) = JsonObject(Json.parseObject(text))
    }
}
