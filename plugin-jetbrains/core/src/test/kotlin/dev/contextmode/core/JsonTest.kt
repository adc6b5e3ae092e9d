package dev.contextmode.core

import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class JsonTest {
    @Test
    fun `parses objects, arrays, numbers, escapes and keeps key order`() {
        val v = Json.parseObject("""{"b":1,"a":[true,false,null,-2.5e1,"x\n\u00e9\"\\"],"big":9007199254740993}""")
        assertEquals(listOf("b", "a", "big"), v.keys.toList())
        assertEquals(1L, v["b"])
        assertEquals(listOf(true, false, null, -25.0, "x\né\"\\"), v["a"])
        assertEquals(9007199254740993L, v["big"])
    }

    @Test
    fun `writes JSON that parses back to the same value and is safe inside a script tag`() {
        val value = linkedMapOf("s" to "</script>\u2028\"q\"\t", "n" to listOf(1, 2.5, null), "t" to true)
        val text = Json.write(value)
        assertTrue("</script>" !in text && "\u2028" !in text, text)
        assertEquals(mapOf("s" to "</script>\u2028\"q\"\t", "n" to listOf(1L, 2.5, null), "t" to true),
            Json.parse(text))
    }

    @Test
    fun `bad input is a clear error with its offset`() {
        val e = assertFailsWith<Json.ParseError> { Json.parse("""{"a": [1, 2,]}""") }
        assertTrue(e.message!!.contains("offset 12"), e.message)
        assertFailsWith<Json.ParseError> { Json.parse("""{"a": 1} trailing""") }
        assertFailsWith<Json.ParseError> { Json.parse("\"unterminated") }
        assertFailsWith<Json.ParseError> { Json.parse("[".repeat(600) + "]".repeat(600)) }
    }

    @Test
    fun `typed reads name the field that is wrong`() {
        val o = JsonObject.parse("""{"project":{"id":5}}""")
        val e = assertFailsWith<IllegalArgumentException> { o.obj("project").str("id") }
        assertTrue(e.message!!.contains("$.project.id"), e.message)
    }
}
