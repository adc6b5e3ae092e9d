#!/usr/bin/env bash
# Kotlin/Java formatting check for the JetBrains plugin (ktlint is not in the registries this project reaches):
# lines of at most 120 characters, no tabs, no trailing spaces, a final newline. Prints each offence as
# file:line: reason and exits 1 when there is one. Run by .ci/stage-jetbrains.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
max=120
cd "$here"
mapfile -t files < <(find . -path ./build -prune -o -type f \( -name '*.kt' -o -name '*.kts' -o -name '*.java' \) -print | sort)
bad=0
for f in "${files[@]}"; do
  out="$(awk -v max="$max" -v f="${f#./}" '
    length($0) > max { printf "%s:%d: %d characters (at most %d)\n", f, FNR, length($0), max }
    /\t/ { printf "%s:%d: tab\n", f, FNR }
    / +$/ { printf "%s:%d: trailing spaces\n", f, FNR }' "$f")"
  [ -n "$(tail -c1 "$f")" ] && out+="${out:+$'\n'}${f#./}: no final newline"
  if [ -n "$out" ]; then printf '%s\n' "$out"; bad=$((bad + $(printf '%s\n' "$out" | wc -l))); fi
done
if [ "$bad" -gt 0 ]; then
  echo "kotlin format: $bad problem(s) in ${#files[@]} files" >&2
  exit 1
fi
echo "kotlin format: ${#files[@]} files, lines <= $max, no tabs or trailing spaces"
