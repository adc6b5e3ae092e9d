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

// The engine (server package files + its npm tarball) and the dashboard bundle go into <plugin>/context-mode/,
// as the repository's own build does (scripts/build-and-test.sh).
tasks.prepareSandbox {
    from(layout.projectDirectory.dir("../server")) {
        include("bin/**", "dist/**", "package.json")
        exclude("**/*.map")
        into("${rootProject.name}/context-mode/engine")
    }
}

tasks.test { useJUnitPlatform() }
