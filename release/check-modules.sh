#!/usr/bin/env bash
# Checks the module descriptors of the published library jars (run after `./mvnw package`):
#  1. `jar --describe-module`: every unqualified export is an API package; engine packages are exported only
#     to beepkit's own modules, if at all.
#  2. An application on the module path (release/module-smoke) compiles against them, runs one echo exchange over
#     127.0.0.1, and finds the engine packages closed to it; io.beepkit.test is resolved beside it, so that its
#     descriptor's requirements (JUnit, BouncyCastle) are checked too.
#  3. The command line and the benchmarks use only exported packages (check-tool-imports.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
release/check-tool-imports.sh

api_packages="io.beepkit.api io.beepkit.api.security io.beepkit.core.profiles io.beepkit.netty io.beepkit.netty.tls io.beepkit.netty.diagnostics
io.beepkit.syslog io.beepkit.syslog.file io.beepkit.syslog.shipping io.beepkit.syslog.kafka io.beepkit.logback io.beepkit.log4j2 io.beepkit.micrometer io.beepkit.micrometer.observation io.beepkit.test"
modules="beep-core beep-netty beepkit-syslog beepkit-syslog-kafka beepkit-logback beepkit-log4j2 beepkit-micrometer beepkit-test"

failed=0
for m in $modules; do
  jar=$(ls "$m"/target/"$m"-*.jar | grep -v -e sources -e javadoc -e tests | head -1)
  description=$(jar --describe-module --file "$jar")
  name=$(echo "$description" | head -1 | sed 's/@.*//')
  echo "$m: module $name"
  while read -r keyword package rest; do
    if [ "$keyword" = qualified ]; then
      echo "  $package $rest"; continue
    fi
    [ "$keyword" = exports ] || continue
    if [ -z "$rest" ]; then
      if echo "$api_packages" | tr ' ' '\n' | grep -qx "$package"; then
        echo "  exports $package"
      else
        echo "  FAIL: engine package $package is exported to everyone"; failed=1
      fi
    else
      echo "  exports $package $rest"
    fi
  done <<< "$description"
done
[ "$failed" = 0 ] || exit 1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The modules' run-time dependencies, beepkit's own taken from this build (compile: sibling modules resolve to their
# classes, also those only some modules' tests use, such as beepkit-test) and replaced by their jars below. Each
# module writes its own target/module-classpath.txt (a relative outputFile is resolved per module).
libraries="beepkit-micrometer beepkit-syslog beepkit-syslog-kafka beepkit-test"
./mvnw -B -q -ntp -pl "$(echo $libraries | tr ' ' ',')" -am compile dependency:build-classpath \
    -Dmdep.outputFile=target/module-classpath.txt -DincludeScope=runtime >/dev/null
module_path=$(for l in $libraries; do cat "$l/target/module-classpath.txt"; echo; done | tr ':' '\n' \
    | grep -v -e '^$' -e '/beep-core/' -e '/beep-netty/' -e '/beepkit-syslog/' -e '/beepkit-syslog-kafka/' \
    -e '/beepkit-test/' | sort -u | tr '\n' ':')
for m in $modules; do
  module_path="$module_path$(ls "$root/$m"/target/"$m"-*.jar | grep -v -e sources -e javadoc -e tests | head -1):"
done
javac -d "$work/classes" --module-path "$module_path" --module-source-path release/module-smoke/src \
    --module io.beepkit.smoke
java --module-path "$work/classes:$module_path" --add-modules io.beepkit.test \
    --module io.beepkit.smoke/io.beepkit.smoke.ModuleSmoke
echo "module check passed"
