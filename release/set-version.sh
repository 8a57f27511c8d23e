#!/usr/bin/env bash
# Sets the version of every module, the BOM included, and the matching SCM tag (RELEASING.md):
#
#   release/set-version.sh 0.1.0            # a release: version 0.1.0, scm tag v0.1.0
#   release/set-version.sh 0.2.0-SNAPSHOT   # the next development iteration: scm tag HEAD
#
# versions:set also moves project.build.outputTimestamp to the current time, the date the release's archives carry.
# Review with `git diff`, then commit.
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# = 1 ] || { echo "usage: release/set-version.sh <version>" >&2; exit 2; }
version=$1
case "$version" in
  *-SNAPSHOT) tag=HEAD ;;
  *) tag="v$version" ;;
esac

./mvnw -B -ntp -q versions:set -DnewVersion="$version" -DprocessAllModules=true -DgenerateBackupPoms=false
# The BOM does not inherit the parent's scm section, so it is set on both.
./mvnw -B -ntp -q -N versions:set-scm-tag -DnewTag="$tag" -DgenerateBackupPoms=false
./mvnw -B -ntp -q -f beepkit-bom/pom.xml versions:set-scm-tag -DnewTag="$tag" -DgenerateBackupPoms=false

echo "version $version, scm tag $tag, output timestamp" \
    "$(sed -n 's:.*<project.build.outputTimestamp>\(.*\)</project.build.outputTimestamp>.*:\1:p' pom.xml)"
git diff --stat
