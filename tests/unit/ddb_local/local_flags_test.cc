// ddb-local's command line (tools/ddb-local/local_flags.h): DynamoDB Local's flags, ours, and
// the options they set.
#include "local_flags.h"

#include <gtest/gtest.h>

#include <chrono>
#include <initializer_list>
#include <vector>

namespace ddblocal {
namespace local_flags_test {

using namespace std::chrono_literals;
using ddbemu::Durability;
using ddbemu::VirtualClock;

FlagParse Parse(std::initializer_list<const char*> args) {
  std::vector<const char*> argv = {"ddb-local"};
  argv.insert(argv.end(), args.begin(), args.end());
  return ParseLocalFlags(static_cast<int>(argv.size()), argv.data());
}

TEST(LocalFlagsTest, DefaultsAreDynamoDbLocals) {
  const FlagParse p = Parse({});
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.flags.server.port, 8000);
  EXPECT_EQ(p.flags.server.host, "");  // every interface, like DynamoDB Local
  EXPECT_EQ(p.flags.database.path, ".");
  EXPECT_FALSE(p.flags.database.in_memory);
  EXPECT_FALSE(p.flags.database.shared_db);
  EXPECT_EQ(p.flags.database.durability, Durability::kFsync);
  EXPECT_TRUE(p.flags.database.throttle);
  EXPECT_FALSE(p.flags.server.cors.enabled());
  EXPECT_EQ(p.flags.database.clock, nullptr);
}

TEST(LocalFlagsTest, DynamoDbLocalSpellings) {
  const FlagParse p = Parse({"-port", "8123", "-sharedDb", "-dbPath", "/tmp/data", "-cors",
                             "http://a.test,http://b.test", "-delayTransientStatuses",
                             "-optimizeDbBeforeStartup", "-disableTelemetry"});
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.flags.server.port, 8123);
  EXPECT_TRUE(p.flags.database.shared_db);
  EXPECT_EQ(p.flags.database.path, "/tmp/data");
  EXPECT_EQ(p.flags.server.cors.origins(),
            (std::vector<std::string>{"http://a.test", "http://b.test"}));
  EXPECT_EQ(p.flags.cors_list, "http://a.test,http://b.test");
  EXPECT_TRUE(p.flags.delay_transient_statuses);
  EXPECT_EQ(p.flags.database.transient_status_ms, 1000);  // statuses take a second
  EXPECT_TRUE(p.flags.optimize_db_before_startup);
  EXPECT_TRUE(p.flags.disable_telemetry);
}

// amazon/dynamodb-local's image runs `java` with its command; `docker run` lines pass that
// command, which ddb-local's image takes as it is.
TEST(LocalFlagsTest, ContainerJavaCommandLineIsSkipped) {
  const FlagParse p = Parse({"-jar", "DynamoDBLocal.jar", "-sharedDb", "-dbPath", "./data"});
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_TRUE(p.flags.database.shared_db);
  EXPECT_EQ(p.flags.database.path, "./data");

  const FlagParse jvm = Parse({"-Djava.library.path=./DynamoDBLocal_lib", "-Xmx512m", "-jar",
                               "DynamoDBLocal.jar", "-inMemory", "-port", "8001"});
  ASSERT_TRUE(jvm.ok()) << jvm.error;
  EXPECT_TRUE(jvm.flags.database.in_memory);
  EXPECT_EQ(jvm.flags.server.port, 8001);
}

TEST(LocalFlagsTest, JavaOptionsWithoutJarAreUnknown) {
  EXPECT_EQ(Parse({"-Dfoo=bar"}).error, "unknown option '-Dfoo=bar'");
  // -jar later in the line is no Java prefix either.
  EXPECT_EQ(Parse({"-inMemory", "-jar", "DynamoDBLocal.jar"}).error, "unknown option '-jar'");
}

TEST(LocalFlagsTest, HealthTakesAnHttpUrl) {
  const FlagParse p = Parse({"--health", "http://127.0.0.1:8000/"});
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.flags.health_url, "http://127.0.0.1:8000/");
  EXPECT_EQ(Parse({"--health", "127.0.0.1:8000"}).error,
            "invalid value '127.0.0.1:8000' for --health: expected an http:// URL such as "
            "http://127.0.0.1:8000/");
}

TEST(LocalFlagsTest, RealismAndLeniencyFlags) {
  const FlagParse off = Parse({});
  ASSERT_TRUE(off.ok()) << off.error;
  EXPECT_EQ(off.flags.database.transient_status_ms, 0);
  EXPECT_FALSE(off.flags.database.local_leniencies);
  const FlagParse p =
      Parse({"-delayTransientStatuses", "--transient-status-ms", "250", "--lenient"});
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.flags.database.transient_status_ms, 250);  // the explicit delay wins
  EXPECT_TRUE(p.flags.database.local_leniencies);
  EXPECT_FALSE(Parse({"--transient-status-ms", "-1"}).ok());
}

TEST(LocalFlagsTest, GnuSpellingsAndEqualsValues) {
  const FlagParse p =
      Parse({"--port=0", "--in-memory", "--shared-db", "--host", "127.0.0.1", "--threads=3",
             "--throttle", "off", "--virtual-clock", "--write-thread=off"});
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_FALSE(p.flags.server.write_thread);
  EXPECT_TRUE(Parse({}).flags.server.write_thread);  // on by default
  EXPECT_EQ(p.flags.server.port, 0);
  EXPECT_TRUE(p.flags.database.in_memory);
  EXPECT_TRUE(p.flags.database.shared_db);
  EXPECT_EQ(p.flags.server.host, "127.0.0.1");
  EXPECT_EQ(p.flags.server.threads, 3u);
  EXPECT_FALSE(p.flags.database.throttle);
  EXPECT_TRUE(p.flags.virtual_clock);
  EXPECT_NE(dynamic_cast<VirtualClock*>(p.flags.database.clock.get()), nullptr);
}

TEST(LocalFlagsTest, SingleDashThrottleAsDocumented) {
  const FlagParse p = Parse({"-throttle", "off"});
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_FALSE(p.flags.database.throttle);
}

TEST(LocalFlagsTest, InMemoryDefaultsToNoFsyncUnlessAsked) {
  EXPECT_EQ(Parse({"-inMemory"}).flags.database.durability, Durability::kNone);
  EXPECT_EQ(Parse({"-inMemory", "--durability", "fsync"}).flags.database.durability,
            Durability::kFsync);
  EXPECT_EQ(Parse({"--durability=none"}).flags.database.durability, Durability::kNone);
}

TEST(LocalFlagsTest, MaxSizeSetsTheMapInMebibytes) {
  EXPECT_EQ(Parse({}).flags.database.map_size_bytes, std::size_t{64} << 30);
  EXPECT_EQ(Parse({"--max-size-mib", "512"}).flags.database.map_size_bytes, std::size_t{512} << 20);
  EXPECT_EQ(Parse({"--max-size-mib", "0"}).error,
            "invalid value '0' for --max-size-mib: expected a size in MiB from 1 to 4294967296");
}

TEST(LocalFlagsTest, HelpAndVersion) {
  EXPECT_TRUE(Parse({"-help"}).flags.help);
  EXPECT_TRUE(Parse({"--help"}).flags.help);
  EXPECT_TRUE(Parse({"-version"}).flags.version);
  EXPECT_NE(LocalUsage().find("-inMemory"), std::string::npos);
}

TEST(LocalFlagsTest, ErrorsSayWhatIsWrong) {
  EXPECT_EQ(Parse({"-bogus"}).error, "unknown option '-bogus'");
  EXPECT_EQ(Parse({"stray"}).error, "unexpected argument 'stray'");
  EXPECT_EQ(Parse({"-port"}).error, "option -port requires a value");
  EXPECT_EQ(Parse({"-port", "abc"}).error,
            "invalid value 'abc' for -port: expected a port number from 0 to 65535");
  EXPECT_EQ(Parse({"--port=70000"}).error,
            "invalid value '70000' for --port: expected a port number from 0 to 65535");
  EXPECT_EQ(Parse({"--threads", "0"}).error,
            "invalid value '0' for --threads: expected a number of threads from 1 to 1024");
  EXPECT_EQ(Parse({"--durability", "sometimes"}).error,
            "invalid value 'sometimes' for --durability: expected fsync or none");
  EXPECT_EQ(Parse({"--throttle=maybe"}).error,
            "invalid value 'maybe' for --throttle: expected on or off");
  EXPECT_EQ(Parse({"--write-thread", "2"}).error,
            "invalid value '2' for --write-thread: expected on or off");
  EXPECT_EQ(Parse({"--in-memory=yes"}).error, "option --in-memory takes no value");
  EXPECT_EQ(Parse({"-cors", ","}).error,
            "invalid value ',' for -cors: expected '*' or a comma-separated list of origins");
  EXPECT_EQ(Parse({"-inMemory", "-dbPath", "/tmp"}).error,
            "dbPath and inMemory cannot be set at the same time");
}

TEST(ConnectionFlagsTest, ConnectionFlagsSetTheServerOptions) {
  const char* argv[] = {"ddb-local", "--max-connections", "5", "--idle-timeout",
                        "500ms",     "--read-timeout",    "2", nullptr};
  const FlagParse parsed = ParseLocalFlags(7, argv);
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  EXPECT_EQ(parsed.flags.server.max_connections, 5u);
  EXPECT_EQ(parsed.flags.server.idle_timeout, 500ms);
  EXPECT_EQ(parsed.flags.server.read_timeout, 2000ms);

  const char* bad[] = {"ddb-local", "--idle-timeout", "soon", nullptr};
  EXPECT_FALSE(ParseLocalFlags(3, bad).ok());
  const char* zero[] = {"ddb-local", "--max-connections", "0", nullptr};
  EXPECT_FALSE(ParseLocalFlags(3, zero).ok());
}

TEST(LocalFlagsTest, ServiceLatencyAndScaleDelay) {
  FlagParse p = Parse({"--service-latency-ms", "20,80", "--on-demand-scale-delay-ms", "60000"});
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.flags.database.service_latency.p50_ms, 20);
  EXPECT_EQ(p.flags.database.service_latency.p99_ms, 80);
  EXPECT_EQ(p.flags.database.on_demand_scale_delay_ms, 60'000);
  // A latency on the one write thread would hold up every other write.
  EXPECT_FALSE(p.flags.server.write_thread);
  p = Parse({"--service-latency-ms", "20", "--write-thread", "on"});
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.flags.database.service_latency.p99_ms, 20);
  EXPECT_TRUE(p.flags.server.write_thread);
  EXPECT_FALSE(Parse({"--service-latency-ms", "80,20"}).ok());
  EXPECT_FALSE(Parse({"--service-latency-ms", "0"}).ok());
  EXPECT_TRUE(Parse({}).flags.server.write_thread);
}

TEST(LocalFlagsTest, SplitForHeat) {
  FlagParse p = Parse({});
  EXPECT_EQ(p.flags.database.split_for_heat_seconds, 300);
  EXPECT_EQ(p.flags.database.split_for_heat_percent, 80);
  p = Parse({"--split-for-heat", "30,50"});
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.flags.database.split_for_heat_seconds, 30);
  EXPECT_EQ(p.flags.database.split_for_heat_percent, 50);
  p = Parse({"--split-for-heat", "0"});
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.flags.database.split_for_heat_seconds, 0);
  EXPECT_EQ(p.flags.database.split_for_heat_percent, 80);
  EXPECT_FALSE(Parse({"--split-for-heat", "30,0"}).ok());
  EXPECT_FALSE(Parse({"--split-for-heat", "30,101"}).ok());
  EXPECT_FALSE(Parse({"--split-for-heat", "-1"}).ok());
}

}  // namespace local_flags_test
}  // namespace ddblocal

namespace ddblocal {
namespace local_flags_s3_test {

TEST(LocalFlagsTest, S3DirNamesTheLocalS3) {
  std::vector<const char*> argv = {"ddb-local", "--s3-dir", "/tmp/buckets"};
  const FlagParse p = ParseLocalFlags(static_cast<int>(argv.size()), argv.data());
  ASSERT_TRUE(p.ok()) << p.error;
  EXPECT_EQ(p.flags.database.s3_dir, "/tmp/buckets");
  std::vector<const char*> none = {"ddb-local"};
  EXPECT_EQ(ParseLocalFlags(1, none.data()).flags.database.s3_dir, "");
  std::vector<const char*> empty = {"ddb-local", "--s3-dir="};
  EXPECT_FALSE(ParseLocalFlags(2, empty.data()).ok());
}

}  // namespace local_flags_s3_test
}  // namespace ddblocal
