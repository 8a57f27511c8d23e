#!/usr/bin/env bash
# The Central Portal bundle, made from the release build's staging repository (run release/stage.sh first):
# checks that every published module is staged whole, then zips target/staging, without Maven's repository
# metadata, into target/central-bundle.zip, the layout the Portal's upload takes (RELEASING.md).
#
#   release/bundle.sh            # unsigned staging (release/stage.sh -Dgpg.skip), as CI checks it
#   release/bundle.sh --signed   # also requires a .asc signature of every file, as the Portal does
#
# Each module must have its POM and CycloneDX SBOM (-cyclonedx.json), jar modules also their jar, sources and
# javadoc jars, and each of those files its .md5 and .sha1. The Portal takes release versions only: a snapshot's
# bundle is a check of the layout, not something to upload.
set -euo pipefail
cd "$(dirname "$0")/.."

signed=false
case "${1:-}" in
  --signed) signed=true ;;
  "") ;;
  *) echo "usage: release/bundle.sh [--signed]" >&2; exit 2 ;;
esac

staging=target/staging
pom_modules="beepkit-parent beepkit-bom"
jar_modules="beep-core beep-netty beepkit-syslog beepkit-syslog-kafka beepkit-logback beepkit-log4j2 beepkit-micrometer beepkit-test
beepkit-spring beepkit-spring-boot-autoconfigure beepkit-spring-boot-syslog beepkit-spring-boot-logging beepkit-spring-boot-actuator
beepkit-spring-boot-starter"
[ -d "$staging/io/beepkit" ] || { echo "FAIL: nothing staged; run release/stage.sh -Dgpg.skip first" >&2; exit 1; }

missing=0
require() { # file
  local f
  for f in "$1" "$1.md5" "$1.sha1"; do
    [ -f "$f" ] || { echo "  MISSING ${f#"$staging/"}"; missing=$((missing + 1)); }
  done
  if $signed && [ ! -f "$1.asc" ]; then echo "  MISSING ${1#"$staging/"}.asc"; missing=$((missing + 1)); fi
}

for module in $pom_modules $jar_modules; do
  dir="$staging/io/beepkit/$module"
  version=$(find "$dir" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' 2>/dev/null | sort | tail -1)
  [ -n "$version" ] || { echo "  MISSING io/beepkit/$module"; missing=$((missing + 1)); continue; }
  # A snapshot is deployed under a time-stamped name: the newest one is the build's.
  base=$(find "$dir/$version" -name "$module-*.pom" -printf '%f\n' | sort | tail -1)
  base="$dir/$version/${base%.pom}"
  suffixes=".pom -cyclonedx.json"
  if echo "$jar_modules" | grep -qw "$module"; then suffixes="$suffixes .jar -sources.jar -javadoc.jar"; fi
  for s in $suffixes; do require "$base$s"; done
  echo "$module $version: ${suffixes// /, }$($signed && echo ', signed')"
done
[ "$missing" = 0 ] || { echo "FAIL: $missing files missing from $staging" >&2; exit 1; }

bundle=target/central-bundle.zip
rm -f "$bundle"
list=$(mktemp)
trap 'rm -f "$list"' EXIT
(cd "$staging" && find io -type f ! -name 'maven-metadata.xml*' | sort) > "$list"
# jar writes a plain zip with --no-manifest, and needs nothing but the JDK.
(cd "$staging" && jar --create --no-manifest --file "../central-bundle.zip" @"$list")
echo "bundle: $bundle ($(wc -l < "$list") files, $(du -k "$bundle" | cut -f1) KiB)"
case "$(find "$staging/io/beepkit/beepkit-bom" -mindepth 1 -maxdepth 1 -type d -printf '%f\n')" in
  *-SNAPSHOT) echo "  (a snapshot: the Portal takes release versions only; this bundle checks the layout)" ;;
esac
