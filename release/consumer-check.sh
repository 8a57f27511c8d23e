#!/usr/bin/env bash
# Consumer check, run after the release build has staged into target/staging (release/stage.sh):
# an application outside this build, with an empty local repository and settings that know only the staged
# repository and Maven Central, imports beepkit-bom, depends on beep-netty, and compiles and runs the first ```java
# block of README.md as it is: a whole compilation unit, with its imports and a public class with a main method. It
# must print the reply (stdout contains the expected text) and exit 0 within the time limit. Before that, the
# CycloneDX SBOM staged with beep-netty must list Netty. After it, release/spring-consumer-check.sh builds a Spring
# Boot application the same way, runs its tests and runs it processed by Spring AOT.
#
#   release/consumer-check.sh [--readme FILE] [--expect TEXT] [--timeout SECONDS]
#
# Defaults: README.md, HELLO (the README's example upper-cases "hello"), 60 s. Network: Maven Central (every other
# repository is mirrored to it) and the loopback interface the example uses.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

readme="$root/README.md"
expect=HELLO
limit=60
while [ $# -gt 0 ]; do
  case "$1" in
    --readme) readme=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
    --expect) expect=$2; shift 2 ;;
    --timeout) limit=$2; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

staging="$root/target/staging"
. release/staging-settings.sh
version=$(staged_version "$staging")
echo "consumer check: beepkit $version from target/staging, example from ${readme#"$root/"}"

# The SBOM staged with beep-netty (CycloneDX, from the release build) must list Netty among its components.
sbom=$(find "$staging/io/beepkit/beep-netty/$version" -name 'beep-netty-*-cyclonedx.json' | sort | tail -1)
[ -n "$sbom" ] || { echo "FAIL: no CycloneDX SBOM staged for beep-netty $version" >&2; exit 1; }
netty=$(grep -oE '"purl" *: *"pkg:maven/io\.netty/netty-[a-z0-9-]+@[^"?]+' "$sbom" | sed -E 's/.*io\.netty\///' | sort -u)
[ -n "$netty" ] || { echo "FAIL: ${sbom#"$root/"} lists no io.netty component" >&2; exit 1; }
echo "SBOM ${sbom#"$staging/"} lists Netty: $(tr "\n" " " <<< "$netty")"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/app/src"
staging_workspace "$work" "$staging"

cat > "$work/app/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>beepkit-consumer</artifactId>
  <version>1</version>
  <dependencyManagement>
    <dependencies>
      <dependency>
        <groupId>io.beepkit</groupId>
        <artifactId>beepkit-bom</artifactId>
        <version>$version</version>
        <type>pom</type>
        <scope>import</scope>
      </dependency>
    </dependencies>
  </dependencyManagement>
  <dependencies>
    <dependency>
      <groupId>io.beepkit</groupId>
      <artifactId>beep-netty</artifactId>
    </dependency>
  </dependencies>
  <build>
    <pluginManagement>
      <plugins>
        <plugin>
          <groupId>org.apache.maven.plugins</groupId>
          <artifactId>maven-dependency-plugin</artifactId>
          <version>3.11.0</version>
        </plugin>
      </plugins>
    </pluginManagement>
  </build>
</project>
EOF

# The first ```java block of the README, as it is, in the file its public class names.
block=$(awk '/^```java[[:space:]]*$/ { inside = 1; next } inside && /^```/ { exit } inside { print }' "$readme")
[ -n "$block" ] || { echo "FAIL: no \`\`\`java block in ${readme#"$root/"}" >&2; exit 1; }
main=$(sed -nE 's/^public +(final +)?class +([A-Za-z_][A-Za-z0-9_]*).*/\2/p' <<< "$block" | head -1)
[ -n "$main" ] || { echo "FAIL: the first \`\`\`java block of ${readme#"$root/"} has no public class" >&2; exit 1; }
echo "$block" > "$work/app/src/$main.java"

start=$SECONDS
echo "resolving beep-netty through beepkit-bom (empty local repository)"
(cd "$work/app" && staging_mvn "$work" -q dependency:build-classpath -Dmdep.outputFile="$work/classpath.txt" -Dmdep.includeScope=runtime) \
    > "$work/maven.log" 2>&1 || { cat "$work/maven.log"; echo "FAIL: the staged artifacts do not resolve" >&2; exit 1; }
classpath=$(cat "$work/classpath.txt")
echo "  class path ($((SECONDS - start)) s):"
tr ':' '\n' <<< "$classpath" | sed "s|^$work/repo/|    |"
unexpected=$(find "$work/repo" -name '_remote.repositories' -exec grep -h '>' {} + | grep -v -e '>central=' -e '>beepkit-staging=' || true)
[ -z "$unexpected" ] || { echo "$unexpected"; echo "FAIL: artifacts came from a repository other than Central and the staging one" >&2; exit 1; }
from_staging "$work" beepkit-bom beepkit-parent beep-core beep-netty

echo "compiling the README example ($main)"
if ! javac -d "$work/classes" -cp "$classpath" "$work/app/src/$main.java" > "$work/javac.log" 2>&1; then
  cat -n "$work/app/src/$main.java"; cat "$work/javac.log"
  echo "FAIL: the README example does not compile" >&2; exit 1
fi

echo "running it (limit ${limit} s)"
status=0
timeout "$limit" java -cp "$work/classes:$classpath" "$main" > "$work/out.txt" 2> "$work/err.txt" || status=$?
echo "--- stdout"; cat "$work/out.txt"
echo "--- stderr"; cat "$work/err.txt"
echo "---"
if [ "$status" = 124 ]; then echo "FAIL: still running after ${limit} s" >&2; exit 1; fi
if [ "$status" != 0 ]; then echo "FAIL: exit status $status" >&2; exit 1; fi
if ! grep -qF -- "$expect" "$work/out.txt"; then
  echo "FAIL: the README example ran and exited 0, but did not print the reply ('$expect' not in its output)" >&2
  exit 1
fi
echo "consumer check passed: compiled, printed the reply, exited 0 ($((SECONDS - start)) s)"

"$root/release/spring-consumer-check.sh" --staging "$staging"
