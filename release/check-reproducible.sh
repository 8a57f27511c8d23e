#!/usr/bin/env bash
# Reproducible builds: runs the release build (release/stage.sh, unsigned) twice from clean, the second time in
# another time zone, locale and umask, and compares the SHA-256 of every staged jar, POM and SBOM. Prints one line per
# file and exits non-zero if any differ. Both staging directories are kept in target/reproducible/build-{1,2};
# target/staging is the second build's.
#
# Snapshot versions are deployed under a time-stamped name (beep-core-0.1.0-20260101.120000-1.jar); files are
# matched on their name with that stamp replaced by SNAPSHOT.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for build in 1 2; do
  echo "release build $build of 2 (log: target/reproducible/build-$build.log)"
  start=$SECONDS
  if [ "$build" = 1 ]; then
    release/stage.sh -Dgpg.skip > "$work/build-$build.log" 2>&1 || { tail -50 "$work/build-$build.log"; exit 1; }
  else
    (umask 0077; TZ=Pacific/Chatham LC_ALL=C.UTF-8 LANG=C.UTF-8 \
        release/stage.sh -Dgpg.skip > "$work/build-$build.log" 2>&1) || { tail -50 "$work/build-$build.log"; exit 1; }
  fi
  cp -r target/staging "$work/build-$build"
  echo "  done in $((SECONDS - start)) s"
done

rm -rf target/reproducible
mkdir -p target/reproducible
mv "$work"/build-1 "$work"/build-2 "$work"/build-*.log target/reproducible/

# name with the snapshot stamp normalised -> sha-256, for one build
digests() {
  (cd "target/reproducible/$1" && find . -type f \( -name '*.jar' -o -name '*.pom' -o -name '*-cyclonedx.json' \) | sort | while read -r f; do
    name=$(echo "${f#./}" | sed -E 's/-[0-9]{8}\.[0-9]{6}-[0-9]+(-|\.)/-SNAPSHOT\1/')
    echo "$name $(sha256sum "$f" | cut -d' ' -f1)"
  done)
}
digests build-1 > target/reproducible/sha256-1.txt
digests build-2 > target/reproducible/sha256-2.txt

same=0; different=0
while read -r name sum1; do
  sum2=$(awk -v n="$name" '$1 == n { print $2 }' target/reproducible/sha256-2.txt)
  if [ -z "$sum2" ]; then
    echo "MISSING   $name (only in build 1)"; different=$((different + 1))
  elif [ "$sum1" = "$sum2" ]; then
    echo "identical $sum1  $name"; same=$((same + 1))
  else
    echo "DIFFERENT $name"; echo "          build 1 $sum1"; echo "          build 2 $sum2"
    different=$((different + 1))
  fi
done < target/reproducible/sha256-1.txt
while read -r name _; do
  grep -q "^$name " target/reproducible/sha256-1.txt || { echo "MISSING   $name (only in build 2)"; different=$((different + 1)); }
done < target/reproducible/sha256-2.txt

echo "reproducible: $same identical, $different different"
[ "$different" = 0 ]
