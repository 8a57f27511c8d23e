#!/usr/bin/env bash
# The release build: every published module, with sources and javadoc jars, deployed into the file repository
# target/staging (RELEASING.md). Extra arguments go to Maven; without -Dgpg.skip the artifacts are signed with gpg.
#
#   release/stage.sh -Dgpg.skip          # unsigned, as CI runs it
#   release/stage.sh                     # signed: needs the release key in gpg
#
# Runs `clean`, so the staging directory holds exactly this build's artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
# The permissions of the files the build writes end up in the archives: fixed, so that the jars do not depend on
# the caller's umask (reproducible builds).
umask 022

./mvnw -B -ntp -Prelease -DskipTests clean deploy \
    -DaltDeploymentRepository="staging::file:$root/target/staging" "$@"

echo "staged in target/staging:"
(cd target/staging && find . -type f \( -name '*.jar' -o -name '*.pom' -o -name '*-cyclonedx.json' -o -name '*.asc' \) | sed 's|^\./||' | sort)
