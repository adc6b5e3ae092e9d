// The dependency-free core: Kotlin stdlib (provided by the IDE at run time) and the JDK only.
plugins { id("org.jetbrains.kotlin.jvm") }

kotlin { jvmToolchain(17) }

dependencies {
    compileOnly(kotlin("stdlib"))
    testImplementation(kotlin("test-junit5"))
}

tasks.test { useJUnitPlatform() }
