#!/usr/bin/env bash
# Checks that the beep command line (beep-cli) and the benchmarks (beep-bench) use only what the library modules
# export: every io.beepkit package their main sources name, in an import or written out in code, is
# exported by a module descriptor (an unqualified `exports`; a qualified one opens a package to beepkit's own library
# modules only), or belongs to a module without a descriptor (beep-cli, an application whose jar the benchmarks start).
# Tests are left out: they may use the test fixtures of beep-netty's test jar. Reads sources only, before any build.
set -euo pipefail
cd "$(dirname "$0")/.."

exported=$(sed -n 's/^[[:space:]]*exports[[:space:]]\{1,\}\([a-zA-Z0-9_.]*\)[[:space:]]*;.*/\1/p' \
    ./*/src/main/java/module-info.java | sort -u)
for tool in beep-cli beep-bench; do
  if [ ! -f "$tool/src/main/java/module-info.java" ]; then
    exported=$(printf '%s\n%s' "$exported" "$(grep -rhoE '^package [a-zA-Z0-9_.]+' "$tool/src/main" --include='*.java' \
        | sed 's/^package //' | sort -u)")
  fi
done
failed=0
for tool in beep-cli beep-bench; do
  # Each io.beepkit name cut at its first capitalised part (a type) leaves the package it is in.
  while IFS=: read -r file name; do
    package=$(echo "$name" | sed -E 's/\.[A-Z].*//; s/\.\*$//')
    if ! grep -qx "$package" <<< "$exported"; then
      echo "FAIL: $file names $name, in $package, which no module exports"
      failed=1
    fi
  done < <(grep -rHoE '(^|[^a-zA-Z0-9_.])io\.beepkit(\.[a-zA-Z0-9_]+)+' "$tool/src/main" --include='*.java' \
      | sed -E 's/:[^i]*io\.beepkit/:io.beepkit/')
done
[ "$failed" = 0 ] || exit 1
echo "beep-cli and beep-bench use exported packages only"
