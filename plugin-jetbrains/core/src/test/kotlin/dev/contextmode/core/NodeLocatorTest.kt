package dev.contextmode.core

import org.junit.jupiter.api.Test
import java.io.File
import java.nio.file.Files
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertTrue

class NodeLocatorTest {
    private val runner = JdkProcessRunner()

    /** A directory holding `node`: a link to the real interpreter, or a script that claims another version. */
    private fun nodeDir(realNode: Boolean, claims: String = "v18.0.0"): File {
        val dir = TestEngine.tempDir("bin")
        val node = File(dir, "node")
        if (realNode) Files.createSymbolicLink(node.toPath(), File(TestEngine.node).toPath())
        else { node.writeText("#!/bin/sh\necho $claims\n"); node.setExecutable(true) }
        return dir
    }

    private fun env(path: String, home: File = TestEngine.tempDir("h")) =
        LocatorEnv(mapOf("PATH" to path), "Linux", home.path)

    @Test
    fun `finds the real node on the login PATH and reads its version`() {
        val dir = nodeDir(realNode = true)
        val found = assertIs<NodeLookup.Found>(NodeLocator(runner, "20.0.0").locate(null,
            env("/nonexistent:${dir.path}")))
        assertEquals("PATH", found.origin)
        assertTrue(Versions.compare(found.version, "20.0.0") >= 0)
    }

    @Test
    fun `an old node is skipped for a newer one further down, and the reason is kept`() {
        val old = nodeDir(realNode = false, claims = "v18.19.0")
        val good = nodeDir(realNode = true)
        val loc = NodeLocator(runner, "20.0.0")
        assertEquals(File(good, "node").path,
            assertIs<NodeLookup.Found>(loc.locate(null, env("${old.path}:${good.path}"))).path)
        // With a minimum no interpreter meets, every candidate is refused with its reason.
        val missing = assertIs<NodeLookup.Missing>(NodeLocator(runner, "99.0.0").locate(null,
            env("${old.path}:${good.path}")))
        assertTrue(missing.rejected.any { "is older than 99.0.0" in it && good.path in it },
            missing.rejected.toString())
        assertTrue(missing.rejected.any { "v18.19.0 is older than 99.0.0" in it }, missing.rejected.toString())
    }

    @Test
    fun `the setting wins over PATH, and a setting that does not exist is reported`() {
        val a = nodeDir(realNode = true)
        val b = nodeDir(realNode = true)
        val loc = NodeLocator(runner, "20.0.0")
        val found = assertIs<NodeLookup.Found>(loc.locate(File(b, "node").path, env(a.path)))
        assertEquals("setting", found.origin)
        val r = loc.locate("/no/such/node", env("/nonexistent"))
        if (r is NodeLookup.Missing) assertTrue(r.rejected.first().contains("/no/such/node (setting): no such file"))
    }

    @Test
    fun `well-known dirs include nvm and fnm versions, newest first`() {
        val home = TestEngine.tempDir("home")
        listOf("v18.20.0", "v22.11.0", "v20.9.0").forEach { File(home, ".nvm/versions/node/$it/bin").mkdirs() }
        File(home, ".local/share/fnm/node-versions/v23.1.0/installation/bin").mkdirs()
        val dirs = NodeLocator.wellKnownDirs(LocatorEnv(emptyMap(), "Mac OS X", home.path))
        val nvm = dirs.filter { ".nvm" in it }
        assertEquals(listOf("v22.11.0", "v20.9.0", "v18.20.0"), nvm.map { File(it).parentFile.name })
        assertTrue(dirs.any { it.endsWith("v23.1.0/installation/bin") })
        assertTrue("/opt/homebrew/bin" in dirs)
        val win = NodeLocator.wellKnownDirs(LocatorEnv(mapOf("ProgramFiles" to "C:\\Program Files"), "Windows 11",
            "C:\\Users\\u"))
        assertEquals("C:\\Program Files\\nodejs", win.first())
    }

    @Test
    fun `the minimum comes from the engine's engines field`() {
        assertEquals("20.0.0", NodeLocator.minimumFromEngines(">=20"))
        assertEquals("22.5.0", NodeLocator.minimumFromEngines(">= 22.5.0"))
        assertEquals("0.0.0", NodeLocator.minimumFromEngines(null))
        assertTrue(Versions.compare("v22.12.0", "22.5.0") > 0)
        assertEquals("22.5.1", Versions.fromNodeOutput("v22.5.1\n"))
    }

    @Test
    fun `the login shell's environment is read for real, PATH included`() {
        val env = LoginShellEnv.read(runner,
            LocatorEnv(mapOf("SHELL" to "/bin/bash", "PATH" to "/usr/bin:/bin",
            "HOME" to TestEngine.tempDir("sh").path), "Linux"))
        assertTrue(env != null && env["PATH"]!!.isNotEmpty(), "login shell env: $env")
        assertEquals(mapOf("A" to "1", "B" to "x=y\nz"), LoginShellEnv.parseNulSeparated("A=1\u0000B=x=y\nz\u0000"))
        assertEquals(null, LoginShellEnv.read(runner, LocatorEnv(mapOf("SHELL" to "/bin/bash"), "Windows 10")))
    }
}
