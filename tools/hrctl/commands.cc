// hrctl command dispatch (see commands.h and `hrctl help`).
#include "commands.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "ddbemu/embedded_client.h"
#include "ddbemu/http_client.h"
#include "ddbemu/retrying_client.h"
#include "hotspots_command.h"
#include "hrcore/check.h"
#include "hrcore/table.h"
#include "output.h"
#include "seed.h"

namespace hrctl {
namespace {

using namespace hrcore;

constexpr const char* kUsage = R"(hrctl: the HR data layer (hrcore) from the command line

usage: hrctl [--data-dir DIR | --endpoint URL] [--table NAME] [--json] COMMAND ...
       hrctl --help | -h | help              this text
  init                                   create the table (PK, SK, GSI1; on-demand)
  seed [--seed N] [--orgs 500] [--employees 200] [--open-jobs 20] [--departments 5]
       [--closed-jobs 2] [--drafts 1] [--applications 3] [--no-progress]
                                         generated data (after init; a progress bar on a terminal)
  check                                  verify every invariant over the whole table
  audit --endpoint URL [--collection-items N]
                                         the access-pattern findings of a running ddb-local
  cost [--fraction 0.01] [--read-price 0.25] [--write-price 1.25] [--warm-read R]
       [--warm-write W] [--warm-read-price 0.25] [--warm-write-price 1.25]
                                         the review's daily mix, measured, beside its estimate,
                                         and the one-off cost of the warm throughput
  migrate plan|run|status|verify|rollback [NAME] [--fraction 0.1] [--grace-ms 2000]
                                         versioned schema migrations (`hrctl migrate` for more)
  ap N --org ORG [--emp E] [--email X] [--dept D] [--job J] [--posted-at P]
       [--limit L] [--cursor C]          run access pattern N (1..12)
  org-create --name N [--plan free|pro|enterprise]      org-suspend --org ORG
  dept-create --org ORG --name N         dept-rename --org ORG --dept D --name N --version V
  dept-manager --org ORG --dept D --emp E --version V
  hire --org ORG --email X --first F --last L --dept D [--role admin|manager|employee]
  update --org ORG --emp E --version V [--email X] [--first F] [--last L] [--role R]
  move --org ORG --emp E --dept D --version V
  terminate --org ORG --emp E --version V       rehire --org ORG --emp E --dept D --version V
  job-draft --org ORG --title T [--dept D]      job-edit --org ORG --job J [--title T] [--dept D]
  job-open | job-close | job-reopen --org ORG --job J
  apply --org ORG --job J --emp E
  advance --org ORG --job J --submitted-at S --app A --to reviewing|accepted|rejected
  hotspots <scenario|all> [--clock virtual|real] [--out DIR] ...   hot partitions (hotspots help)
Defaults: --data-dir ./hrdata (LMDB, in process; seed writes unthrottled unless --throttle),
--table acme-hr-dev. With --endpoint, the
access key is $AWS_ACCESS_KEY_ID (default "hrctl") and the region $AWS_REGION (us-east-1).
Throttled calls are retried as the AWS SDKs retry them (10 retries, exponential backoff).
)";

// The client every command uses: `direct` behind the SDKs' DynamoDB retry policy.
void Retried(Backend& b) { b.client = std::make_unique<ddbemu::RetryingClient>(*b.direct); }

Result<Backend> Open(const Args& args) {
  Backend b;
  if (auto endpoint = args.Get("endpoint")) {
    // The SDKs' rules for region and credentials (environment, then ~/.aws); a local endpoint
    // that checks no signature still needs some key to sign with, so one is supplied there.
    ddbemu::HttpClientOptions http{.endpoint = std::string(*endpoint)};
    http.max_attempts = 1;  // the retries are Retried's, in one place
    if (std::getenv("AWS_REGION") == nullptr && std::getenv("AWS_DEFAULT_REGION") == nullptr)
      http.region = "us-east-1";
    if (std::getenv("AWS_SECRET_ACCESS_KEY") == nullptr && http.endpoint.starts_with("http://")) {
      // The access key still selects the namespace of tables on DynamoDB Local and ddb-local.
      const char* key = std::getenv("AWS_ACCESS_KEY_ID");
      http.credentials = ddbemu::AwsCredentials{key ? key : "hrctl", "hrctl", ""};
    }
    auto client = ddbemu::OpenHttpClient(std::move(http));
    if (!client.ok()) return Error::Backend(std::move(client).error());
    b.direct = std::move(client).value();
    Retried(b);
    return b;
  }
  ddbemu::Options options;
  options.path = args.Get("data-dir", "hrdata");
  // A development data set: survive a crash of hrctl, not a power loss (much faster seeding).
  options.durability = ddbemu::Durability::kNone;
  options.shared_db = true;
  // Throttling is on, as in every other command, except for `seed` unless --throttle: the data
  // set is what matters there, not the rate it is written at (a partition takes 1,000 WCU/s,
  // so the baseline would take about ten minutes).
  bool seeding = !args.positional().empty() && args.positional()[0] == "seed";
  options.throttle = !seeding || args.Has("throttle");
  auto db = ddbemu::Database::Open(options);
  if (!db.ok()) return Error::Backend(std::move(db).error());
  b.database = std::move(db).value();
  b.direct = ddbemu::MakeEmbeddedClient(*b.database);
  Retried(b);
  return b;
}

int Fail(const Error& e, bool json) {
  if (json) {
    std::cout << "{\"error\":" << JsonString(std::string(ErrorKindName(e.kind())))
              << ",\"message\":" << JsonString(e.message()) << "}\n";
  } else {
    std::cerr << "hrctl: " << e.ToString() << "\n";
  }
  return 1;
}

int Usage(const std::string& why) {
  std::cerr << "hrctl: " << why << "\n\n" << kUsage;
  return 2;
}

template <class T>
int Show(HrService& s, const std::string& what, const Result<T>& r, bool json) {
  if (!r.ok()) return Fail(r.error(), json);
  Print(what, {ToRow(r.value())}, std::nullopt, s.TakeConsumed(), json);
  return 0;
}

template <class T>
int ShowPage(HrService& s, const std::string& what, const Result<Page<T>>& r, bool json) {
  if (!r.ok()) return Fail(r.error(), json);
  std::vector<Row> rows;
  for (const auto& v : r->items) rows.push_back(ToRow(v));
  Print(what, rows, r->next_cursor, s.TakeConsumed(), json);
  return 0;
}

int RunAccessPattern(HrService& s, const Args& a, bool json) {
  if (a.positional().size() < 2) return Usage("ap needs a pattern number");
  int n = std::atoi(a.positional()[1].c_str());
  TenantContext ctx{a.Get("org", "")};
  PageRequest page{.limit = static_cast<int>(a.GetInt("limit", 50)), .cursor = a.Get("cursor")};
  std::string what = "AP" + std::to_string(n);
  switch (n) {
    case 1:
      return Show(s, what, s.GetOrganisation(ctx), json);
    case 2:
      return Show(s, what, s.GetEmployee(ctx, a.Get("emp", "")), json);
    case 3:
      return ShowPage(s, what, s.ListEmployees(ctx, page), json);
    case 4:
      if (ctx.org_id.empty()) return Show(s, what, s.ResolveLogin(a.Get("email", "")), json);
      return Show(s, what, s.FindEmployeeByEmail(ctx, a.Get("email", "")), json);
    case 5:
      return ShowPage(s, what, s.ListDepartments(ctx, page), json);
    case 6:
      return Show(s, what, s.GetDepartment(ctx, a.Get("dept", "")), json);
    case 7:
      return ShowPage(s, what, s.ListDepartmentEmployees(ctx, a.Get("dept", ""), page), json);
    case 8:
      return ShowPage(s, what, s.ListOpenJobs(ctx, page), json);
    case 9:
      if (auto posted = a.Get("posted-at")) {
        return Show(s, what, s.GetJobAt(ctx, *posted, a.Get("job", "")), json);
      }
      return Show(s, what, s.GetJob(ctx, a.Get("job", "")), json);
    case 10:
      return ShowPage(s, what, s.ListJobApplications(ctx, a.Get("job", ""), page), json);
    case 11:
      return ShowPage(s, what, s.ListEmployeeApplications(ctx, a.Get("emp", ""), page), json);
    case 12:
      return ShowPage(s, what, s.ListJobs(ctx, page), json);
    default:
      return Usage("no access pattern " + a.positional()[1] + " (1..12)");
  }
}

int RunSeed(Backend& b, const Args& a, const ServiceOptions& so, bool json) {
  // Seeding needs the table `hrctl init` creates; without it every write would fail with the
  // service's bare "Requested resource not found".
  if (auto table = b.client->DescribeTable({.table_name = so.table_name}); !table.ok()) {
    if (table.error().code() != ddbemu::ErrorCode::kResourceNotFound) {
      return Fail(Error::Backend(table.error()), json);
    }
    return Fail(
        Error(ErrorKind::kNotFound,
              "table " + so.table_name + " does not exist: run `hrctl init` first (with the same " +
                  (a.Has("endpoint") ? "--endpoint" : "--data-dir") + " and --table)"),
        json);
  }
  SeedOptions o;
  o.seed = static_cast<std::uint64_t>(a.GetInt("seed", 1));
  o.orgs = static_cast<int>(a.GetInt("orgs", o.orgs));
  o.employees_per_org = static_cast<int>(a.GetInt("employees", o.employees_per_org));
  o.open_jobs_per_org = static_cast<int>(a.GetInt("open-jobs", o.open_jobs_per_org));
  o.departments_per_org = static_cast<int>(a.GetInt("departments", o.departments_per_org));
  o.closed_jobs_per_org = static_cast<int>(a.GetInt("closed-jobs", o.closed_jobs_per_org));
  o.draft_jobs_per_org = static_cast<int>(a.GetInt("drafts", o.draft_jobs_per_org));
  o.applications_per_open_job =
      static_cast<int>(a.GetInt("applications", o.applications_per_open_job));
  ddbemu::VirtualClock clock(SeedStartMicros());
  UlidGenerator ids(clock, SeededRandomSource(o.seed));
  HrService service(*b.client, clock, ids, so);
  auto start = std::chrono::steady_clock::now();
  // A progress bar redraws its line with "\r": on a terminal only, never into a log or a pipe.
  bool bar = !a.Has("no-progress") && isatty(STDERR_FILENO) == 1;
  auto progress = [&](int done) {
    if (!bar) return;
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int filled = o.orgs ? done * 30 / o.orgs : 30;
    std::fprintf(stderr, "\r[%s%s] %d/%d orgs  %.1fs", std::string(filled, '#').c_str(),
                 std::string(30 - filled, '.').c_str(), done, o.orgs, secs);
    if (done == o.orgs) std::fprintf(stderr, "\n");
  };
  auto r = Seed(service, clock, o, progress);
  if (!r.ok()) return Fail(r.error(), json);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Consumed c = service.TakeConsumed();
  if (json) {
    std::printf(
        "{\"orgs\":%zu,\"employees\":%lld,\"jobs\":%lld,\"applications\":%lld,"
        "\"seconds\":%.2f,\"writeUnits\":%g,\"readUnits\":%g,\"firstOrg\":%s}\n",
        r->org_ids.size(), static_cast<long long>(r->employees), static_cast<long long>(r->jobs),
        static_cast<long long>(r->applications), secs, c.write_units, c.read_units,
        JsonString(r->org_ids.empty() ? "" : r->org_ids.front()).c_str());
  } else {
    std::printf(
        "seeded %zu orgs, %lld employees, %lld jobs, %lld applications in %.1fs "
        "(%g WCU, %g RCU); first org %s\n",
        r->org_ids.size(), static_cast<long long>(r->employees), static_cast<long long>(r->jobs),
        static_cast<long long>(r->applications), secs, c.write_units, c.read_units,
        r->org_ids.empty() ? "-" : r->org_ids.front().c_str());
  }
  return 0;
}

int RunCheck(Backend& b, const std::string& table, bool json) {
  auto r = CheckInvariants(*b.client, table);
  if (!r.ok()) return Fail(r.error(), json);
  if (json) {
    std::string out = "{\"items\":" + std::to_string(r->items) + ",\"violations\":[";
    for (std::size_t i = 0; i < r->violations.size(); ++i) {
      out += (i ? "," : "") + std::string("{\"rule\":") + JsonString(r->violations[i].rule) +
             ",\"detail\":" + JsonString(r->violations[i].detail) + "}";
    }
    std::cout << out << "]}\n";
  } else {
    std::printf(
        "%lld items: %lld orgs, %lld departments, %lld employees, %lld relationship "
        "items, %lld jobs, %lld applications\n",
        static_cast<long long>(r->items), static_cast<long long>(r->organisations),
        static_cast<long long>(r->departments), static_cast<long long>(r->employees),
        static_cast<long long>(r->relationships), static_cast<long long>(r->jobs),
        static_cast<long long>(r->applications));
    for (const auto& v : r->violations)
      std::printf("VIOLATION %s: %s\n", v.rule.c_str(), v.detail.c_str());
    std::printf("%zu violations\n", r->violations.size());
  }
  return r->violations.empty() ? 0 : 1;
}

std::optional<Role> RoleFlag(const Args& a) {
  auto r = a.Get("role");
  return r ? ParseRole(*r) : std::nullopt;
}

}  // namespace

WarmFlags WarmFlagsOf(const Args& a) {
  WarmFlags f;
  if (a.Has("warm-read")) f.target.read_units = a.GetInt("warm-read", 0);
  if (a.Has("warm-write")) f.target.write_units = a.GetInt("warm-write", 0);
  f.prices.dollars_per_read_unit =
      a.GetDouble("warm-read-price", f.prices.dollars_per_read_unit * 1e6) / 1e6;
  f.prices.dollars_per_write_unit =
      a.GetDouble("warm-write-price", f.prices.dollars_per_write_unit * 1e6) / 1e6;
  return f;
}

int RunCost(Backend& b, const Args& args, const ServiceOptions& so, bool json);  // cost.cc
int RunMigrate(Backend& b, const Args& a, const std::string& table, bool json);  // migrate.cc
int RunAudit(const Args& args, bool json);                                       // audit.cc

int Run(const Args& a) {
  if (a.Has("help")) {
    std::cout << kUsage;
    return 0;
  }
  if (!a.error().empty()) return Usage(a.error());
  if (a.positional().empty() || a.positional()[0] == "help") {
    std::cout << kUsage;
    return a.positional().empty() ? 2 : 0;
  }
  const std::string cmd = a.positional()[0];
  const bool json = a.Has("json");
  // Opens its own backends (an in-memory database per run, or an endpoint): bench/hotspots.
  if (cmd == "hotspots")
    return hrhot::RunHotspotsCommand(a.positional(),
                                     [&a](const std::string& n) { return a.Get(n); });
  if (cmd == "audit") return RunAudit(a, json);
  auto backend = Open(a);
  if (!backend.ok()) return Fail(backend.error(), json);
  Backend& b = *backend;
  ServiceOptions so;
  so.table_name = a.Get("table", "acme-hr-dev");
  if (const char* secret = std::getenv("HRCTL_CURSOR_SECRET")) so.cursor_secret = secret;

  if (cmd == "init") {
    Status s = CreateHrTable(*b.client, so.table_name, a.Has("if-missing"));
    if (!s.ok()) return Fail(s.error(), json);
    std::cout << (json ? "{\"table\":" + JsonString(so.table_name) + ",\"created\":true}"
                       : "created table " + so.table_name)
              << "\n";
    return 0;
  }
  if (cmd == "seed") return RunSeed(b, a, so, json);
  if (cmd == "check") return RunCheck(b, so.table_name, json);
  if (cmd == "cost") return RunCost(b, a, so, json);
  if (cmd == "migrate") return RunMigrate(b, a, so.table_name, json);

  ddbemu::SystemClock clock;
  UlidGenerator ids(clock, SystemRandomSource());
  HrService s(*b.client, clock, ids, so);
  TenantContext ctx{a.Get("org", "")};
  std::int64_t version = a.GetInt("version", -1);
  if (cmd == "ap") return RunAccessPattern(s, a, json);
  if (cmd == "org-create") {
    auto plan = ParsePlan(a.Get("plan", "free"));
    if (!plan) return Usage("--plan is free, pro or enterprise");
    return Show(s, "organisation", s.CreateOrganisation(a.Get("name", ""), *plan), json);
  }
  if (cmd == "org-suspend") return Show(s, "organisation", s.SuspendOrganisation(ctx), json);
  if (cmd == "dept-create")
    return Show(s, "department", s.CreateDepartment(ctx, a.Get("name", "")), json);
  if (cmd == "dept-rename") {
    return Show(s, "department",
                s.RenameDepartment(ctx, a.Get("dept", ""), a.Get("name", ""), version), json);
  }
  if (cmd == "dept-manager") {
    return Show(s, "department",
                s.SetDepartmentManager(ctx, a.Get("dept", ""), a.Get("emp", ""), version), json);
  }
  if (cmd == "hire") {
    return Show(s, "employee",
                s.Hire(ctx, {.email = a.Get("email", ""),
                             .first_name = a.Get("first", ""),
                             .last_name = a.Get("last", ""),
                             .department_id = a.Get("dept", ""),
                             .role = RoleFlag(a).value_or(Role::kEmployee)}),
                json);
  }
  if (cmd == "update") {
    return Show(s, "employee",
                s.UpdateEmployee(ctx, a.Get("emp", ""), version,
                                 {.email = a.Get("email"),
                                  .first_name = a.Get("first"),
                                  .last_name = a.Get("last"),
                                  .role = RoleFlag(a)}),
                json);
  }
  if (cmd == "move")
    return Show(s, "employee", s.MoveEmployee(ctx, a.Get("emp", ""), a.Get("dept", ""), version),
                json);
  if (cmd == "terminate")
    return Show(s, "employee", s.Terminate(ctx, a.Get("emp", ""), version), json);
  if (cmd == "rehire")
    return Show(s, "employee", s.Rehire(ctx, a.Get("emp", ""), a.Get("dept", ""), version), json);
  if (cmd == "job-draft")
    return Show(s, "job", s.DraftJob(ctx, a.Get("title", ""), a.Get("dept", "")), json);
  if (cmd == "job-open") return Show(s, "job", s.OpenJob(ctx, a.Get("job", "")), json);
  if (cmd == "job-close") return Show(s, "job", s.CloseJob(ctx, a.Get("job", "")), json);
  if (cmd == "job-reopen") return Show(s, "job", s.ReopenJob(ctx, a.Get("job", "")), json);
  if (cmd == "job-edit")
    return Show(s, "job", s.EditJob(ctx, a.Get("job", ""), a.Get("title"), a.Get("dept")), json);
  if (cmd == "apply")
    return Show(s, "application", s.SubmitApplication(ctx, a.Get("job", ""), a.Get("emp", "")),
                json);
  if (cmd == "advance") {
    auto to = ParseApplicationStatus(a.Get("to", ""));
    if (!to) return Usage("--to is reviewing, accepted or rejected");
    return Show(s, "application",
                s.AdvanceApplication(
                    ctx, {a.Get("job", ""), a.Get("submitted-at", ""), a.Get("app", "")}, *to),
                json);
  }
  return Usage("unknown command '" + cmd + "'");
}

}  // namespace hrctl
