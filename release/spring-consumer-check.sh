#!/usr/bin/env bash
# Spring consumer check, run after the release build has staged into target/staging (release/stage.sh; CI runs it
# from release/consumer-check.sh): a Spring Boot application outside this build, with an empty local repository and
# settings that know only the staged repository and Maven Central, imports beepkit-bom and Spring Boot's BOM and
# depends on beepkit-spring-boot-starter and Jackson. It has a @BeepListener method taking and returning JSON records
# and a named client aimed at its own listener (beep.clients.orders.port=${local.beep.server.port}, as
# docs/testing.md shows). Its @SpringBootTest (with beepkit-test's BeepClientExtension beside the template) must pass;
# the jar, processed by spring-boot:process-aot, must answer through the template when run with
# -Dspring.aot.enabled=true, and exit 0 within the time limit.
#
#   release/spring-consumer-check.sh [--staging DIR] [--cache REPO] [--timeout SECONDS]
#
# --cache names a local repository to read third-party artifacts from before Maven Central (a developer's
# ~/.m2/repository: read, never written); CI runs without it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

staging="$root/target/staging"
cache=""
limit=90
while [ $# -gt 0 ]; do
  case "$1" in
    --staging) staging=$(cd "$2" && pwd); shift 2 ;;
    --cache) cache=$(cd "$2" && pwd); shift 2 ;;
    --timeout) limit=$2; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

. release/staging-settings.sh
version=$(staged_version "$staging")
boot=$(sed -n 's|.*<spring-boot.version>\(.*\)</spring-boot.version>.*|\1|p' pom.xml | head -1)
echo "spring consumer check: beepkit $version from ${staging}, Spring Boot $boot"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
app="$work/app"
mkdir -p "$app/src/main/java/example" "$app/src/main/resources" "$app/src/test/java/example"
staging_workspace "$work" "$staging" "$cache"

cat > "$app/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>beepkit-spring-consumer</artifactId>
  <version>1</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencyManagement>
    <dependencies>
      <dependency>
        <groupId>io.beepkit</groupId>
        <artifactId>beepkit-bom</artifactId>
        <version>$version</version>
        <type>pom</type>
        <scope>import</scope>
      </dependency>
      <dependency>
        <groupId>org.springframework.boot</groupId>
        <artifactId>spring-boot-dependencies</artifactId>
        <version>$boot</version>
        <type>pom</type>
        <scope>import</scope>
      </dependency>
    </dependencies>
  </dependencyManagement>
  <dependencies>
    <dependency>
      <groupId>io.beepkit</groupId>
      <artifactId>beepkit-spring-boot-starter</artifactId>
    </dependency>
    <dependency>
      <groupId>tools.jackson.core</groupId>
      <artifactId>jackson-databind</artifactId>
    </dependency>
    <dependency>
      <groupId>io.beepkit</groupId>
      <artifactId>beepkit-test</artifactId>
      <scope>test</scope>
    </dependency>
    <dependency>
      <groupId>org.springframework.boot</groupId>
      <artifactId>spring-boot-test</artifactId>
      <scope>test</scope>
    </dependency>
    <dependency>
      <groupId>org.springframework</groupId>
      <artifactId>spring-test</artifactId>
      <scope>test</scope>
    </dependency>
    <dependency>
      <groupId>org.junit.jupiter</groupId>
      <artifactId>junit-jupiter</artifactId>
      <scope>test</scope>
    </dependency>
  </dependencies>
  <build>
    <finalName>app</finalName>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-surefire-plugin</artifactId>
        <version>3.6.1</version>
      </plugin>
      <plugin>
        <groupId>org.springframework.boot</groupId>
        <artifactId>spring-boot-maven-plugin</artifactId>
        <version>$boot</version>
        <executions>
          <execution>
            <id>process-aot</id>
            <goals><goal>process-aot</goal></goals>
          </execution>
          <execution>
            <id>repackage</id>
            <goals><goal>repackage</goal></goals>
          </execution>
        </executions>
        <configuration>
          <mainClass>example.OrdersApplication</mainClass>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
EOF

cat > "$app/src/main/java/example/OrdersApplication.java" <<'EOF'
package example;

import io.beepkit.spring.BeepListener;
import io.beepkit.spring.BeepTemplates;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import java.util.Locale;

@SpringBootApplication
public class OrdersApplication {
    public static void main(String[] args) {
        System.exit(SpringApplication.exit(SpringApplication.run(OrdersApplication.class, args)));
    }

    /**
     * With --example.call-once=true: one call through the template to the application's own listener. Read at run
     * time, not as a condition: AOT processing fixes the conditions at build time.
     */
    @Bean
    ApplicationRunner callOnce(BeepTemplates templates, Environment environment) {
        return args -> {
            if (environment.getProperty("example.call-once", Boolean.class, false)) {
                System.out.println("reply: " + templates.template("orders")
                        .sendAndReceive(new Order("book", 2), Receipt.class));
            }
        };
    }

    @Component
    static class Orders {
        @BeepListener(profile = "urn:example:orders")
        Receipt place(Order order) {
            return new Receipt(order.item().toUpperCase(Locale.ROOT) + " x" + order.quantity());
        }
    }
}
EOF
cat > "$app/src/main/java/example/Order.java" <<'EOF'
package example;

public record Order(String item, int quantity) {
}
EOF
cat > "$app/src/main/java/example/Receipt.java" <<'EOF'
package example;

public record Receipt(String id) {
}
EOF
cat > "$app/src/main/resources/application.properties" <<'EOF'
beep.server.port=0
beep.clients.orders.host=127.0.0.1
beep.clients.orders.port=${local.beep.server.port}
beep.clients.orders.profile=urn:example:orders
EOF
cat > "$app/src/test/java/example/OrdersApplicationTest.java" <<'EOF'
package example;

import io.beepkit.api.MimeEntity;
import io.beepkit.spring.BeepTemplates;
import io.beepkit.test.BeepClientExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

@SpringBootTest
class OrdersApplicationTest {
    @Value("${local.beep.server.port}")
    int port;

    @Autowired
    BeepTemplates templates;

    @RegisterExtension
    BeepClientExtension beep = BeepClientExtension.builder().target("127.0.0.1", () -> port).build();

    @Test
    void theTemplateCallsTheApplicationsOwnListener() {
        assertEquals(new Receipt("BOOK x2"),
                templates.template("orders").sendAndReceive(new Order("book", 2), Receipt.class));
    }

    @Test
    void theListenerAnswersJsonOnTheWire() throws Exception {
        MimeEntity order = MimeEntity.of("application/json",
                "{\"item\":\"pen\",\"quantity\":3}".getBytes(StandardCharsets.UTF_8));
        MimeEntity reply = beep.session().startChannel("urn:example:orders").get(10, TimeUnit.SECONDS)
                .send(order).get(10, TimeUnit.SECONDS).entity();
        assertEquals("{\"id\":\"PEN x3\"}", reply.bodyText());
    }
}
EOF

start=$SECONDS
echo "building the application: its tests, then spring-boot:process-aot (empty local repository)"
(cd "$app" && staging_mvn "$work" package) \
    > "$work/maven.log" 2>&1 || { tail -150 "$work/maven.log"; echo "FAIL: the application does not build" >&2; exit 1; }
grep -E 'Tests run:' "$work/maven.log" | tail -1
from_staging "$work" beepkit-bom beepkit-spring beepkit-spring-boot-autoconfigure beepkit-spring-boot-actuator \
    beepkit-spring-boot-starter
[ -d "$app/target/spring-aot/main/sources" ] || { echo "FAIL: spring-boot:process-aot generated nothing" >&2; exit 1; }
grep -rqs 'example.OrdersApplication\$Orders' "$app/target/spring-aot/main/resources" \
    || { echo "FAIL: no reflection hint for the @BeepListener bean in the AOT resources" >&2; exit 1; }
grep -rqs '"example.Order"' "$app/target/spring-aot/main/resources" \
    || { echo "FAIL: no reflection hint for the payload record Order in the AOT resources" >&2; exit 1; }
echo "  built in $((SECONDS - start)) s"

echo "running it with -Dspring.aot.enabled=true (limit ${limit} s)"
status=0
timeout "$limit" java -Dspring.aot.enabled=true -jar "$app/target/app.jar" --example.call-once=true \
    > "$work/out.txt" 2> "$work/err.txt" || status=$?
echo "--- stdout"; tail -30 "$work/out.txt"
echo "--- stderr"; tail -30 "$work/err.txt"
echo "---"
if [ "$status" = 124 ]; then echo "FAIL: still running after ${limit} s" >&2; exit 1; fi
if [ "$status" != 0 ]; then echo "FAIL: exit status $status" >&2; exit 1; fi
grep -q 'Starting AOT-processed OrdersApplication' "$work/out.txt" \
    || { echo "FAIL: the application did not run its AOT-processed context" >&2; exit 1; }
grep -qF 'reply: Receipt[id=BOOK x2]' "$work/out.txt" \
    || { echo "FAIL: no reply through the template ('reply: Receipt[id=BOOK x2]' not in its output)" >&2; exit 1; }
echo "spring consumer check passed: tests passed, AOT-processed, answered, exited 0 ($((SECONDS - start)) s)"
