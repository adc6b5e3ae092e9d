#!/usr/bin/env bash
# Builds and tests the JetBrains plugin without Gradle (JetBrains' repositories are out of reach here):
#   IntelliJ API signature stubs (test-only) → core jar → plugin jar (IDE layer + plugin.xml) → the plugin zip in the
#   layout the IDE installs from disk → the release's parts check of that zip → JUnit 5 tests (core, contract against
#   shared/test/protocol/golden, plugin.xml, zip layout, API surface).
# Kotlin comes from the npm package kotlin-compiler (cached outside the product's dependencies), JUnit from Debian's
# junit5 package. Prints `N passed, N failed` last. `--update-api-surface` rewrites api-surface.txt. `--zip-only`
# stops after the plugin zip (what `npm run release` uses) and prints its path.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$here/.." && pwd)"
cache="${CONTEXT_MODE_CI_CACHE:-$HOME/.cache/context-mode-ci}"
kotlin_version=2.4.20
kc="$cache/kotlin/node_modules/kotlin-compiler"
J=/usr/share/java
B="$here/build"
# gradle.properties is the one place for the plugin's version and since-build; plugin.xml gets them at build time.
prop() { sed -n "s/^$1 *= *//p" "$here/gradle.properties"; }
version="$(prop pluginVersion)"
since_build="$(prop pluginSinceBuild)"
until_build="$(prop pluginUntilBuild)"

if [ ! -x "$kc/bin/kotlinc" ] || ! grep -q "\"version\": \"$kotlin_version\"" "$kc/package.json"; then
  echo "installing kotlin-compiler@$kotlin_version into $cache/kotlin" >&2
  mkdir -p "$cache/kotlin"
  nice npm install --prefix "$cache/kotlin" --no-audit --no-fund --silent "kotlin-compiler@$kotlin_version" >&2
fi
[ -f "$J/junit-platform-console-standalone.jar" ] || { echo "missing $J/junit-platform-console-standalone.jar: apt-get install junit5" >&2; exit 1; }
[ -f "$repo/server/dist/cli.mjs" ] || (cd "$repo" && npm run build >&2)

KL="$kc/lib"
# Language/API 2.1: the stdlib of the oldest supported IDE (2025.1). Interface defaults as the platform compiles them
# (JVM default methods, no DefaultImpls), so bytecode never calls a DefaultImpls class the real IDE lacks.
kotlinc() {
  local out rc=0
  out="$(JAVA_OPTS="${JAVA_OPTS:--Xmx1g}" "$kc/bin/kotlinc" -nowarn -jvm-target 17 -api-version 2.1 -language-version 2.1 \
    -jvm-default=no-compatibility "$@" 2>&1)" || rc=$?
  printf '%s\n' "$out" | grep -v -e '^warning: language version 2.1 is deprecated' -e '^$' >&2 || true
  return "$rc"
}
rm -rf "$B"; mkdir -p "$B/stubs" "$B/plugin-classes" "$B/test-classes" "$B/distributions"

echo "stubs (test-only IntelliJ API signatures)" >&2
javac --release 17 -nowarn -d "$B/stubs" $(find "$here/stubs/java" -name '*.java') >&2
kotlinc -cp "$B/stubs" $(find "$here/stubs/kotlin" -name '*.kt') -d "$B/stubs"

echo "core" >&2
kotlinc "$here/core/src/main/kotlin" -d "$B/context-mode-core.jar"
echo "IDE layer" >&2
kotlinc -cp "$B/context-mode-core.jar:$B/stubs:$KL/kotlinx-coroutines-core-jvm.jar" "$here/src/main/kotlin" -d "$B/plugin-classes"
cp -r "$here/src/main/resources/." "$B/plugin-classes/"
# An empty pluginUntilBuild writes no until-build: the plugin stays open to every later IDE build.
idea_version="since-build=\"$since_build\"${until_build:+ until-build=\"$until_build\"}"
sed -i "s|</id>|</id>\\n  <version>$version</version>\\n  <idea-version $idea_version/>|" \
  "$B/plugin-classes/META-INF/plugin.xml"
(cd "$B/plugin-classes" && jar cf "$B/context-mode-jetbrains.jar" .)

echo "plugin zip" >&2
Z="$B/zip/context-mode-jetbrains"
mkdir -p "$Z/lib" "$Z/context-mode/engine"
cp "$B/context-mode-jetbrains.jar" "$B/context-mode-core.jar" "$Z/lib/"
# The engine once: the ctxmode package as npm would install it (its package.json `files`), runnable as is and the
# folder the managed runtime is installed from (`upgrade --from <engine dir>`); no tarball of it beside it. The
# dashboard bundle travels inside it (engine/dist/dashboard), where PluginLayout.dashboardDir reads it.
for part in bin dist package.json README.md LICENSE; do cp -r "$repo/server/$part" "$Z/context-mode/engine/"; done
find "$Z/context-mode/engine" -name '*.map' -delete
[ -f "$Z/context-mode/engine/dist/dashboard/index.html" ] || { echo "missing server/dist/dashboard: npm run build" >&2; exit 1; }
zipfile="$B/distributions/context-mode-$version.zip"
(cd "$B/zip" && jar cfM "$zipfile" context-mode-jetbrains)
if [ "${1:-}" = --zip-only ]; then echo "$zipfile"; exit 0; fi
# The parts list `npm run release` applies to this zip (scripts/release-parts.mjs): each part present, none twice.
node -e "import(process.argv[1]).then(({ listArtifact, missingParts }) => {
  const problems = missingParts('plugin.zip', listArtifact(process.argv[2]));
  for (const p of problems) console.error('plugin zip: ' + p);
  process.exitCode = problems.length ? 1 : 0;
})" "$repo/scripts/release-parts.mjs" "$zipfile"

echo "tests" >&2
TCP="$B/context-mode-core.jar:$B/context-mode-jetbrains.jar:$B/stubs:$KL/kotlin-test.jar:$KL/kotlin-test-junit5.jar:$J/junit-jupiter-api.jar:$J/apiguardian-api.jar:$J/opentest4j.jar:$KL/kotlinx-coroutines-core-jvm.jar"
kotlinc -cp "$TCP" "$here/core/src/test/kotlin" "$here/src/test/kotlin" -d "$B/test-classes"
set +e
java -Drepo.root="$repo" -Dprotocol.golden="$repo/shared/test/protocol/golden" -Dplugin.zip="$zipfile" -Dplugin.build="$B" -Dplugin.dir="$here" \
  -Dupdate.api.surface="$([ "${1:-}" = --update-api-surface ] && echo true || echo false)" \
  -jar "$J/junit-platform-console-standalone.jar" \
  --class-path "$B/test-classes:$TCP:$KL/kotlin-stdlib.jar:$KL/kotlin-reflect.jar" \
  --scan-class-path "$B/test-classes" --include-classname '.*Test' \
  --disable-banner --disable-ansi-colors --details=tree > "$B/junit.txt" 2>&1
rc=$?
set -e
grep -E '✘|\[X\]|MethodSource|=>|Exception|expected' "$B/junit.txt" | head -80 >&2 || true
passed="$(sed -n 's/.*\[ *\([0-9]*\) tests successful.*/\1/p' "$B/junit.txt")"
failed="$(sed -n 's/.*\[ *\([0-9]*\) tests failed.*/\1/p' "$B/junit.txt")"
echo "plugin zip: $zipfile"
echo "${passed:-0} passed, ${failed:-0} failed"
[ "$rc" -eq 0 ] && [ "${passed:-0}" -gt 0 ]
