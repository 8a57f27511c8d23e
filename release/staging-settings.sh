#!/usr/bin/env bash
# Sourced by the consumer checks (release/consumer-check.sh, release/spring-consumer-check.sh): what an application
# outside this build needs to resolve the staged release, and nothing else.
#
#   staged_version STAGING        prints the beepkit version staged in STAGING (fails when nothing is staged)
#   staging_workspace WORK STAGING [CACHE]
#                                 writes WORK/settings.xml, Maven settings that know only the staged repository
#                                 (beepkit-staging) and Maven Central, to which every other repository is mirrored, and
#                                 makes WORK/repo, an empty local repository; CACHE names a local repository read first
#                                 for third-party releases (read, never written; its snapshots may be another
#                                 checkout's build of beepkit)
#   staging_mvn WORK ARGS...      runs this repository's Maven Wrapper with those settings and that local repository
#   from_staging WORK ARTIFACT... fails unless each io.beepkit ARTIFACT in WORK/repo came from the staged repository
#
# Source it from the repository's root. Central's address is the one the Maven Wrapper downloads Maven from.
staging_root=$(pwd)

staged_version() {
  local bom_dir="$1/io/beepkit/beepkit-bom"
  [ -d "$bom_dir" ] || { echo "FAIL: nothing staged in $1; run release/stage.sh -Dgpg.skip first" >&2; return 1; }
  find "$bom_dir" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort | tail -1
}

staging_workspace() {
  local work=$1 staging=$2 cache=${3:-} central cache_repository=""
  mkdir -p "$work/repo"
  central=$(sed -n 's|^distributionUrl=\(.*\)/org/apache/maven/.*|\1|p' "$staging_root/.mvn/wrapper/maven-wrapper.properties")
  [ -n "$central" ] || { echo "FAIL: no repository address in .mvn/wrapper/maven-wrapper.properties" >&2; return 1; }
  if [ -n "$cache" ]; then
    cache_repository="<repository><id>cache</id><url>file://$cache</url><snapshots><enabled>false</enabled></snapshots></repository>"
  fi
  cat > "$work/settings.xml" <<SETTINGS
<settings>
  <mirrors>
    <mirror>
      <id>central</id>
      <mirrorOf>*,!beepkit-staging,!cache</mirrorOf>
      <url>$central</url>
    </mirror>
  </mirrors>
  <profiles>
    <profile>
      <id>beepkit-staging</id>
      <repositories>
        <repository>
          <id>beepkit-staging</id>
          <url>file://$staging</url>
          <releases><enabled>true</enabled></releases>
          <snapshots><enabled>true</enabled></snapshots>
        </repository>
        $cache_repository
      </repositories>
      <pluginRepositories>$cache_repository</pluginRepositories>
    </profile>
  </profiles>
  <activeProfiles><activeProfile>beepkit-staging</activeProfile></activeProfiles>
</settings>
SETTINGS
}

staging_mvn() {
  local work=$1
  shift
  "$staging_root/mvnw" -B -ntp -s "$work/settings.xml" -Dmaven.repo.local="$work/repo" "$@"
}

from_staging() {
  local work=$1 artifact
  shift
  for artifact in "$@"; do
    grep -rqs 'beepkit-staging=' "$work/repo/io/beepkit/$artifact" \
      || { echo "FAIL: io.beepkit:$artifact did not come from the staged repository" >&2; return 1; }
  done
}
