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
        ideaVersion {
            sinceBuild = providers.gradleProperty("pluginSinceBuild")
            // Empty in gradle.properties: no until-build at all, as scripts/build-and-test.sh writes it.
            untilBuild = provider { providers.gradleProperty("pluginUntilBuild").orNull?.takeIf { it.isNotBlank() } }
        }
    }
    pluginVerification { ides { recommended() } }
}

// The plugin directory's context-mode/ folder, the same layout as scripts/build-and-test.sh (GradleLayoutTest compares
// the two): engine/ holds the engine's package files as npm would install them (package.json `files`), runnable as
// is (its dist/dashboard is the tool window's UI) and the folder "install the managed runtime" feeds to
// `upgrade --from`. The engine ships once: no npm tarball of it beside it.
val engineParts = listOf("bin", "dist", "package.json", "README.md", "LICENSE")
val repoRoot = layout.projectDirectory.dir("..")
val npm = if (System.getProperty("os.name").startsWith("Windows")) "npm.cmd" else "npm"

val buildEngine by tasks.registering(Exec::class) {
    description = "Builds the engine and its dashboard bundle (server/dist) with the repository's own npm build."
    workingDir(repoRoot)
    commandLine(npm, "run", "build", "--silent")
    doLast {
        // PluginLayout.dashboardDir reads engine/dist/dashboard; a zip without it would show an empty tool window.
        if (!repoRoot.file("server/dist/dashboard/index.html").asFile.isFile) {
            throw GradleException("missing server/dist/dashboard: npm run build")
        }
    }
}

tasks.prepareSandbox {
    dependsOn(buildEngine)
    from(repoRoot.dir("server")) {
        include(engineParts.flatMap { listOf(it, "$it/**") })
        exclude("**/*.map")
        into(pluginName.map { "$it/context-mode/engine" })
    }
}

tasks.test { useJUnitPlatform() }
