// `hrctl migrate run employee-rekey` against ddb-local, killed with SIGKILL at random
// checkpoints (read from its progress lines: no timing involved) and run again until it
// finishes, ends in the same table as an uninterrupted run on a copy of the same data.
// Needs HRCTL_BIN and the HTTP backend (CTest's migrate.sigkill); skipped otherwise.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "migrate_fixture.h"

namespace hrcore::testing {
namespace sigkill_test {

class MigrateSigkill : public MigrateFixture {
 protected:
  // Starts hrctl with `args`; returns its pid and its stderr (progress) as a FILE*.
  std::pair<pid_t, FILE*> Start(const std::vector<std::string>& args) {
    int fds[2];
    EXPECT_EQ(pipe(fds), 0);
    pid_t pid = fork();
    if (pid == 0) {
      dup2(fds[1], STDERR_FILENO);
      int null = open("/dev/null", O_WRONLY);
      dup2(null, STDOUT_FILENO);
      close(fds[0]);
      setenv("AWS_ACCESS_KEY_ID", "hrtest", 1);  // the namespace of the test's client
      unsetenv("AWS_SECRET_ACCESS_KEY");
      std::vector<char*> argv;
      const char* bin = std::getenv("HRCTL_BIN");
      argv.push_back(const_cast<char*>(bin));
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(bin, argv.data());
      _exit(127);
    }
    close(fds[1]);
    return {pid, fdopen(fds[0], "r")};
  }
};

TEST_F(MigrateSigkill, KilledRunsResumeToTheTableOfAnUninterruptedRun) {
  if (!OverHttp() || std::getenv("HRCTL_BIN") == nullptr)
    GTEST_SKIP() << "needs HRCTL_BIN and ddb-local";
  Seed(2, 20);
  MigrationOptions o = Options(table_);
  ASSERT_TRUE(RunMigration(*client_, "role-default", o).ok());
  ASSERT_TRUE(RunMigration(*client_, "employee-status-index", o).ok());
  const std::string twin = Clone("-killed");
  ASSERT_TRUE(RunMigration(*client_, "employee-rekey", o).ok());

  const std::vector<std::string> args = {"--endpoint",
                                         LocalServer::Get().endpoint(),
                                         "--table",
                                         twin,
                                         "migrate",
                                         "run",
                                         "employee-rekey",
                                         "--grace-ms",
                                         "0",
                                         "--page-size",
                                         "5",
                                         "--fraction",
                                         "1",
                                         "--progress-interval-ms",
                                         "0"};
  std::mt19937 rng(2026);
  int kills = 0;
  for (int attempt = 0; attempt < 40; ++attempt) {
    auto [pid, progress] = Start(args);
    const int kill_after = 1 + static_cast<int>(rng() % 6);  // checkpoints to let pass
    int checkpoints = 0;
    bool killed = false;
    char line[1024];
    while (std::fgets(line, sizeof line, progress) != nullptr) {
      if (std::strncmp(line, "checkpoint ", 11) == 0 && ++checkpoints == kill_after) {
        kill(pid, SIGKILL);  // somewhere in the next page's writes, or its checkpoint
        killed = true;
        break;
      }
    }
    std::fclose(progress);
    int status = 0;
    waitpid(pid, &status, 0);
    if (killed && WIFSIGNALED(status)) {
      ++kills;
      continue;
    }
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "hrctl failed: " << status;
    if (kills >= 3) break;
    // It finished before the chosen checkpoint: roll back and go again, to be killed more.
    ASSERT_TRUE(RollbackMigration(*client_, "employee-rekey", Options(twin)).ok());
  }
  EXPECT_GE(kills, 3);
  std::printf("hrctl migrate run killed %d times (SIGKILL), then finished\n", kills);
  auto st = MigrationStatus(*client_, Options(twin));
  ASSERT_TRUE(st.ok());
  EXPECT_EQ((*st)[2].state, "applied");
  EXPECT_GE((*st)[2].runs, kills + 1);
  Dump a = DumpTable(table_), b = DumpTable(twin);
  EXPECT_EQ(a.size(), b.size());
  for (const auto& [key, item] : a) {
    auto it = b.find(key);
    if (it == b.end()) {
      ADD_FAILURE() << "missing after the killed runs: " << key.first << " / " << key.second;
    } else {
      EXPECT_TRUE(it->second == item) << key.first << " / " << key.second;
    }
  }
}

}  // namespace sigkill_test
}  // namespace hrcore::testing
