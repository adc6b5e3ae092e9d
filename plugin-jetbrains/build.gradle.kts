import org.jetbrains.intellij.platform.gradle.TestFrameworkType

plugins {
    id("org.jetbrains.kotlin.jvm") version "2.1.20"
    id("org.jetbrains.intellij.platform")
}

group = providers.gradleProperty("pluginGroup").get()
version = providers.gradleProperty("pluginVersion").get()

kotlin { jvmToolchain(21) }

sourceSets {
    // The test-only IntelliJ API stubs are not used here: Gradle compiles against the real platform.
    test { kotlin.srcDir("src/test/kotlin") }
}

dependencies {
    implementation(project(":core"))
    testImplementation(kotlin("test-junit5"))
    testRuntimeOnly("org.junit.platform:junit-platform-launcher")
    intellijPlatform {
        create(providers.gradleProperty("platformType"), providers.gradleProperty("platformVersion"))
        testFramework(TestFrameworkType.Platform)
        pluginVerifier()
    }
}

intellijPlatform {
    pluginConfiguration {
        version = providers.gradleProperty("pluginVersion")
        ideaVersion { sinceBuild = providers.gradleProperty("pluginSinceBuild") }
    }
    pluginVerification { ides { recommended() } }
}

// The plugin directory's context-mode/ folder, the same layout as scripts/build-and-test.sh (GradleLayoutTest compares
// the two): engine/ holds the engine's package files, runnable as is (its dist/dashboard is the tool window's UI), and
// next to it the same package as an npm tarball, which "install the managed runtime" feeds to `upgrade --from`.
val engineParts = listOf("bin", "dist", "package.json")
val repoRoot = layout.projectDirectory.dir("..")
val npm = if (System.getProperty("os.name").startsWith("Windows")) "npm.cmd" else "npm"

val buildEngine by tasks.registering(Exec::class) {
    description = "Builds the engine and its dashboard bundle (server/dist) with the repository's own npm build."
    workingDir(repoRoot)
    commandLine(npm, "run", "build", "--silent")
}

val packEngine by tasks.registering(Exec::class) {
    description = "Packs server/ with npm pack into build/engine-tarball/ (the plugin's managed-runtime source)."
    dependsOn(buildEngine)
    val server = repoRoot.dir("server").asFile
    val out = layout.buildDirectory.dir("engine-tarball").get().asFile
    // Declared so a changed engine is packed again instead of the tarball being taken as up to date.
    engineParts.forEach { inputs.files(File(server, it)) }
    outputs.dir(out)
    workingDir(server)
    commandLine(npm, "pack", "--silent", "--pack-destination", out.path)
    doFirst {
        // PluginLayout.dashboardDir reads engine/dist/dashboard; a zip without it would show an empty tool window.
        if (!File(server, "dist/dashboard/index.html").isFile) {
            throw GradleException("missing server/dist/dashboard: npm run build")
        }
        // One tarball only: PluginLayout.tarball would otherwise pick whichever name sorts last.
        out.deleteRecursively(); out.mkdirs()
    }
}

tasks.prepareSandbox {
    dependsOn(buildEngine)
    from(repoRoot.dir("server")) {
        include(engineParts.flatMap { listOf(it, "$it/**") })
        exclude("**/*.map")
        into(pluginName.map { "$it/context-mode/engine" })
    }
    from(packEngine) {
        include("*.tgz")
        into(pluginName.map { "$it/context-mode" })
    }
}

tasks.test { useJUnitPlatform() }
