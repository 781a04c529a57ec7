// AP1-AP12 and the service functions through the embedded database, beside the same calls over
// HTTP to a ddb-local this binary starts ($DDB_LOCAL_BIN; the http/ benchmarks fail without
// it). Data: 10 organisations x 200 employees x 20 open jobs from `hrctl seed`'s generator.
// Throttling off on both, as the emulator's other benchmarks: this measures the code path.
//
//   DDB_LOCAL_BIN=build/tools/ddb-local build/hrcore/hrcore_bench
#include <benchmark/benchmark.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <thread>

#include "ddbemu/database.h"
#include "ddbemu/embedded_client.h"
#include "ddbemu/http_client.h"
#include "hrcore/service.h"
#include "hrcore/table.h"
#include "seed.h"

namespace {

using namespace hrcore;

struct World {
  std::unique_ptr<ddbemu::Database> db;
  std::unique_ptr<ddbemu::Client> client;
  ddbemu::SystemClock clock;
  std::unique_ptr<UlidGenerator> ids;
  std::unique_ptr<HrService> service;
  TenantContext ctx;
  std::vector<Employee> emps;
  std::vector<Department> depts;
  std::vector<JobPosting> jobs, open;
  pid_t server = -1;
  std::string error;
  ~World() {
    if (server > 0) {
      kill(server, SIGTERM);
      waitpid(server, nullptr, 0);
    }
  }
};

std::string StartServer(pid_t* pid) {
  const char* bin = std::getenv("DDB_LOCAL_BIN");
  if (bin == nullptr) return "";
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  std::string port = std::to_string(ntohs(addr.sin_port));
  close(fd);
  *pid = fork();
  if (*pid == 0) {
    execl(bin, bin, "-port", port.c_str(), "-inMemory", "--throttle", "off",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  return "http://127.0.0.1:" + port;
}

World& Get(bool http) {
  static std::unique_ptr<World> worlds[2];
  auto& w = worlds[http ? 1 : 0];
  if (w) return *w;
  w = std::make_unique<World>();
  if (http) {
    std::string endpoint = StartServer(&w->server);
    if (endpoint.empty()) {
      w->error = "DDB_LOCAL_BIN is not set";
      return *w;
    }
    auto client = ddbemu::OpenHttpClient({.endpoint = endpoint,
                                          .region = "us-east-1",
                                          .credentials = ddbemu::AwsCredentials{"bench", "x", ""}});
    if (!client.ok()) {
      w->error = client.error().message();
      return *w;
    }
    w->client = std::move(client).value();
    for (int i = 0; i < 600 && !w->client->ListTables({}).ok(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));  // server start-up
    }
  } else {
    ddbemu::Options options;
    options.in_memory = true;
    options.durability = ddbemu::Durability::kNone;
    options.throttle = false;
    w->db = std::move(ddbemu::Database::Open(options)).value();
    w->client = ddbemu::MakeEmbeddedClient(*w->db);
  }
  ServiceOptions so;
  if (!CreateHrTable(*w->client, so.table_name, true).ok()) std::abort();
  {
    ddbemu::VirtualClock seed_clock(hrctl::SeedStartMicros());
    UlidGenerator seed_ids(seed_clock, SeededRandomSource(1));
    HrService seeder(*w->client, seed_clock, seed_ids, so);
    auto seeded = hrctl::Seed(seeder, seed_clock, {.orgs = 10}, nullptr);
    if (!seeded.ok()) std::abort();
    w->ctx.org_id = seeded->org_ids.front();
  }
  w->ids = std::make_unique<UlidGenerator>(w->clock, SystemRandomSource());
  w->service = std::make_unique<HrService>(*w->client, w->clock, *w->ids, so);
  // Copies first: a range-for over a member of a temporary Result would dangle.
  std::vector<Employee> all = w->service->ListEmployees(w->ctx, {.limit = 1000})->items;
  for (auto& e : all) {
    if (e.status == EmployeeStatus::kActive) w->emps.push_back(e);
  }
  w->depts = w->service->ListDepartments(w->ctx, {.limit = 1000})->items;
  w->jobs = w->service->ListJobs(w->ctx, {.limit = 1000})->items;
  for (auto& j : w->jobs) {
    if (j.status == JobStatus::kOpen) w->open.push_back(j);
  }
  return *w;
}

template <class T>
void Check(benchmark::State& state, const Result<T>& r) {
  if (!r.ok()) state.SkipWithError(r.error().ToString().c_str());
}

using Body = std::function<void(benchmark::State&, World&, std::mt19937&)>;

void Register(const std::string& name, Body body) {
  for (bool http : {false, true}) {
    benchmark::RegisterBenchmark(((http ? "http/" : "embedded/") + name).c_str(),
                                 [http, body](benchmark::State& state) {
                                   World& w = Get(http);
                                   if (!w.error.empty()) {
                                     state.SkipWithError(w.error.c_str());
                                     return;
                                   }
                                   std::mt19937 rng(7);
                                   for (auto _ : state) body(state, w, rng);
                                 })
        ->Unit(benchmark::kMicrosecond);
  }
}

template <class V>
auto& Any(V& v, std::mt19937& rng) {
  return v[rng() % v.size()];
}

int RegisterAll() {
  PageRequest page{.limit = 1000};
  Register("AP1_GetOrganisation",
           [](auto& s, World& w, auto&) { Check(s, w.service->GetOrganisation(w.ctx)); });
  Register("AP2_GetEmployee", [](auto& s, World& w, auto& r) {
    Check(s, w.service->GetEmployee(w.ctx, Any(w.emps, r).emp_id));
  });
  Register("AP3_ListEmployees200",
           [page](auto& s, World& w, auto&) { Check(s, w.service->ListEmployees(w.ctx, page)); });
  Register("AP4_EmployeeByEmail", [](auto& s, World& w, auto& r) {
    Check(s, w.service->FindEmployeeByEmail(w.ctx, Any(w.emps, r).email));
  });
  Register("AP5_ListDepartments",
           [page](auto& s, World& w, auto&) { Check(s, w.service->ListDepartments(w.ctx, page)); });
  Register("AP6_GetDepartment", [](auto& s, World& w, auto& r) {
    Check(s, w.service->GetDepartment(w.ctx, Any(w.depts, r).dept_id));
  });
  Register("AP7_ListDeptEmployees", [page](auto& s, World& w, auto& r) {
    Check(s, w.service->ListDepartmentEmployees(w.ctx, Any(w.depts, r).dept_id, page));
  });
  Register("AP8_ListOpenJobs",
           [page](auto& s, World& w, auto&) { Check(s, w.service->ListOpenJobs(w.ctx, page)); });
  Register("AP9_GetJobById", [](auto& s, World& w, auto& r) {
    Check(s, w.service->GetJob(w.ctx, Any(w.jobs, r).job_id));
  });
  Register("AP10_ListJobApplications", [page](auto& s, World& w, auto& r) {
    Check(s, w.service->ListJobApplications(w.ctx, Any(w.open, r).job_id, page));
  });
  Register("AP11_ListEmployeeApplications", [page](auto& s, World& w, auto& r) {
    Check(s, w.service->ListEmployeeApplications(w.ctx, Any(w.emps, r).emp_id, page));
  });
  Register("AP12_ListJobs",
           [page](auto& s, World& w, auto&) { Check(s, w.service->ListJobs(w.ctx, page)); });
  Register("Hire", [](auto& s, World& w, auto& r) {
    Check(s, w.service->Hire(w.ctx, {.email = "b." + w.ids->Next() + "@bench.example",
                                     .first_name = "B",
                                     .last_name = "M",
                                     .department_id = Any(w.depts, r).dept_id}));
  });
  Register("UpdateEmployee", [](auto& s, World& w, auto& r) {
    Employee& e = Any(w.emps, r);
    auto u = w.service->UpdateEmployee(w.ctx, e.emp_id, e.version, {.first_name = "Z"});
    Check(s, u);
    if (u.ok()) e = *u;
  });
  Register("MoveEmployee", [](auto& s, World& w, auto& r) {
    Employee& e = Any(w.emps, r);
    std::string to = Any(w.depts, r).dept_id;
    if (to == e.department_id)
      to = w.depts[(&Any(w.depts, r) - &w.depts[0] + 1) % w.depts.size()].dept_id;
    if (to == e.department_id) return;
    auto m = w.service->MoveEmployee(w.ctx, e.emp_id, to, e.version);
    Check(s, m);
    if (m.ok()) e = *m;
  });
  Register("TerminateThenRehire", [](auto& s, World& w, auto& r) {
    Employee& e = Any(w.emps, r);
    auto t = w.service->Terminate(w.ctx, e.emp_id, e.version);
    Check(s, t);
    if (!t.ok()) return;
    auto h = w.service->Rehire(w.ctx, e.emp_id, Any(w.depts, r).dept_id, t->version);
    Check(s, h);
    if (h.ok()) e = *h;
  });
  Register("CreateDepartment",
           [](auto& s, World& w, auto&) { Check(s, w.service->CreateDepartment(w.ctx, "Bench")); });
  Register("RenameDepartment", [](auto& s, World& w, auto& r) {
    Department& d = Any(w.depts, r);
    auto n = w.service->RenameDepartment(w.ctx, d.dept_id, "Renamed", d.version);
    Check(s, n);
    if (n.ok()) d = *n;
  });
  Register("DraftJob", [](auto& s, World& w, auto& r) {
    Check(s, w.service->DraftJob(w.ctx, "Bench job", Any(w.depts, r).dept_id));
  });
  Register("CloseThenReopenJob", [](auto& s, World& w, auto& r) {
    const std::string id = Any(w.open, r).job_id;
    Check(s, w.service->CloseJob(w.ctx, id));
    Check(s, w.service->ReopenJob(w.ctx, id));
  });
  Register("EditJob", [](auto& s, World& w, auto& r) {
    Check(s, w.service->EditJob(w.ctx, Any(w.jobs, r).job_id, "Edited", std::nullopt));
  });
  Register("SubmitThenAdvanceApplication", [](auto& s, World& w, auto& r) {
    const std::string job = Any(w.open, r).job_id;
    auto a = w.service->SubmitApplication(w.ctx, job, Any(w.emps, r).emp_id);
    Check(s, a);
    if (a.ok())
      Check(s, w.service->AdvanceApplication(w.ctx, {job, a->submitted_at, a->app_id},
                                             ApplicationStatus::kReviewing));
  });
  return 0;
}

const int registered = RegisterAll();

}  // namespace
