// Release build for maintainers with network access (JetBrains' repositories and the Gradle Plugin Portal).
// The repository's CI builds and tests the same sources without Gradle: npm run test:jetbrains.
plugins {
    id("org.gradle.toolchains.foojay-resolver-convention") version "1.0.0"
    id("org.jetbrains.intellij.platform.settings") version "2.16.0"
}

rootProject.name = "context-mode-jetbrains"
include("core")

dependencyResolutionManagement {
    repositories {
        mavenCentral()
        intellijPlatform { defaultRepositories() }
    }
}
