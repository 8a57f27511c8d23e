#!/usr/bin/env bash
# Makes the API compatibility baseline (compat/baseline/README.md): builds the library jars of a released version
# from its tag, outside this work tree, and copies them to compat/baseline/<artifactId>.jar, with
# compat/baseline/VERSION naming the version and commit. Commit the result.
#
#   release/update-baseline.sh v0.1.0
#
# The modules are those under the gate (compat.skip false in their pom.xml, in this work tree). The build is the
# release build's (reproducible, umask 022), so the jars are those the tag published, built again.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

[ $# = 1 ] || { echo "usage: release/update-baseline.sh <tag or commit>" >&2; exit 2; }
ref=$1
commit=$(git rev-parse --verify "$ref^{commit}")
modules=$(grep -l '<compat.skip>false</compat.skip>' */pom.xml | xargs -n1 dirname | sort)
[ -n "$modules" ] || { echo "no module sets compat.skip to false" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git archive --format=tar "$commit" | tar -x -C "$work"
# The version the tag builds.
version=$(sed -n '/<parent>/,/<\/parent>/d; s:^  <version>\(.*\)</version>.*:\1:p' "$work/pom.xml" | head -1)
echo "baseline: $version from $ref ($commit); modules: $(echo $modules)"

umask 022
(cd "$work" && "$root/mvnw" -B -ntp -q -DskipTests -Dcompat.skip=true -Dmaven.javadoc.skip=true \
    -Dmaven.source.skip=true package -pl "$(echo $modules | tr ' ' ',')" -am) \
    || { echo "FAIL: the build of $ref failed" >&2; exit 1; }

mkdir -p compat/baseline
rm -f compat/baseline/*.jar
for m in $modules; do
  jar="$work/$m/target/$m-$version.jar"
  [ -f "$jar" ] || { echo "FAIL: $m did not build $m-$version.jar at $ref" >&2; exit 1; }
  cp "$jar" "compat/baseline/$m.jar"
  echo "  compat/baseline/$m.jar  $(sha256sum "$jar" | cut -d' ' -f1)"
done
printf '%s\n%s %s\n' "$version" "$ref" "$commit" > compat/baseline/VERSION
echo "wrote compat/baseline/VERSION: $version"
