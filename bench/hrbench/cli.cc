// Flags of hrbench.
#include "cli.h"

#include <cstdlib>
#include <sstream>

namespace hrbench {
namespace {

std::vector<std::string> Split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string part; std::getline(in, part, ',');) {
    if (!part.empty()) out.push_back(part);
  }
  return out;
}

}  // namespace

const char* Usage() {
  return R"(usage: hrbench (--endpoint URL | --embedded [--data-dir D]) [options]

Seeds the HR table (hrctl seed's generator), then runs the HR mixes closed loop and reports
ops/s, p50/p90/p99/p99.9 and capacity units per access pattern, with throttles, transaction
conflicts and errors counted per pattern.

  --endpoint URL        DynamoDB endpoint (ddb-local, DynamoDB Local, ...)
  --embedded            the embedded database through ddbemu's Client (hrcore in process)
  --data-dir D          embedded: an LMDB directory (default: in memory)
  --throttle on|off     embedded: AWS's throughput limits (default on, as the library's)
  --vs URL              a second endpoint, run interleaved (A, B, A, B ...); prints ratios
  --vs-trivial          also a trivial Beast keep-alive server (forked), same requests
  --label NAME, --vs-label NAME  names of the two endpoints in the report
  --mix LIST            read,write,all (default read,write)
  --connections N       keep-alive connections / embedded workers (default 16)
  --duration S          seconds per run (default 5); with --soak the whole soak
  --warmup S            seconds before each run, not counted (default 0.5)
  --rounds N            runs per endpoint, interleaved (default 3)
  --threads N           io_context threads of the load generator (default 1)
  --orgs N              organisations seeded (default 32), --employees N per org (200)
  --seed-threads N      parallel seeding streams (default 4)
  --table NAME          table (default hrbench; dropped and re-created)
  --access-key K        the access key the requests carry (default hrbench)
  --secret-key S        its secret: every request is SigV4-signed when sent (for endpoints
                        that check signatures: ddb-local --credentials-file, AWS); without
                        it the signature is not computed (no server checks it by default)
  --json FILE           the results as JSON
  --wait S              seconds the endpoints get to answer at start (default 60)
  --soak                one endpoint, runs of --interval S (default 10) until --duration,
                        sampling --server-pid PID's RSS: heap (anonymous) and data.mdb pages
  --server-pid PID, --vs-server-pid PID
                        the endpoints' processes, when local: each run reports the server's
                        CPU time per request (robust where ops/s is not, on shared cores)
  --trivial-threads N   threads of the trivial server (default 2)
  --serve-trivial PORT  only run the trivial server (0: any port)
)";
}

bool ParseCli(int argc, char** argv, Cli* c, std::string* error) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= argc) {
        *error = a + " needs a value";
        return false;
      }
      *out = argv[++i];
      return true;
    };
    std::string v;
    auto number = [&](double* out) {
      if (!value(&v)) return false;
      char* end = nullptr;
      *out = std::strtod(v.c_str(), &end);
      if (end == v.c_str() || *end != '\0' || *out < 0) {
        *error = a + ": not a number: " + v;
        return false;
      }
      return true;
    };
    auto integer = [&](int* out) {
      double d = 0;
      if (!number(&d)) return false;
      *out = static_cast<int>(d);
      return true;
    };
    double d = 0;
    if (a == "--help" || a == "-h") {
      c->help = true;
    } else if (a == "--endpoint") {
      if (!value(&c->endpoint)) return false;
    } else if (a == "--embedded") {
      c->embedded = true;
    } else if (a == "--data-dir") {
      if (!value(&c->data_dir)) return false;
    } else if (a == "--throttle") {
      if (!value(&v)) return false;
      if (v != "on" && v != "off") {
        *error = "--throttle on|off";
        return false;
      }
      c->throttle = v == "on";
    } else if (a == "--vs") {
      if (!value(&c->vs)) return false;
    } else if (a == "--label") {
      if (!value(&c->label)) return false;
    } else if (a == "--vs-label") {
      if (!value(&c->vs_label)) return false;
    } else if (a == "--vs-trivial") {
      c->vs_trivial = true;
    } else if (a == "--mix") {
      if (!value(&v)) return false;
      c->mixes = Split(v);
    } else if (a == "--connections") {
      if (!integer(&c->connections)) return false;
    } else if (a == "--duration") {
      if (!number(&c->duration)) return false;
    } else if (a == "--warmup") {
      if (!number(&c->warmup)) return false;
    } else if (a == "--rounds") {
      if (!integer(&c->rounds)) return false;
    } else if (a == "--threads") {
      if (!integer(&c->threads)) return false;
    } else if (a == "--orgs") {
      if (!integer(&c->orgs)) return false;
    } else if (a == "--employees") {
      if (!integer(&c->employees)) return false;
    } else if (a == "--seed-threads") {
      if (!integer(&c->seed_threads)) return false;
    } else if (a == "--table") {
      if (!value(&c->table)) return false;
    } else if (a == "--access-key") {
      if (!value(&c->access_key)) return false;
    } else if (a == "--secret-key") {
      if (!value(&c->secret_key)) return false;
    } else if (a == "--json") {
      if (!value(&c->json)) return false;
    } else if (a == "--wait") {
      if (!number(&c->wait)) return false;
    } else if (a == "--soak") {
      c->soak = true;
    } else if (a == "--interval") {
      if (!number(&c->interval)) return false;
    } else if (a == "--server-pid") {
      if (!integer(&c->server_pid)) return false;
    } else if (a == "--vs-server-pid") {
      if (!integer(&c->vs_server_pid)) return false;
    } else if (a == "--trivial-threads") {
      if (!integer(&c->trivial_threads)) return false;
    } else if (a == "--serve-trivial") {
      if (!integer(&c->serve_trivial)) return false;
    } else if (a == "--read-variants") {
      if (!number(&d)) return false;
      c->read_variants = static_cast<std::size_t>(d);
    } else {
      *error = "unknown argument " + a;
      return false;
    }
  }
  if (c->help || c->serve_trivial >= 0) return true;
  if (c->embedded == !c->endpoint.empty()) {
    *error = "give one of --endpoint URL or --embedded";
    return false;
  }
  if (c->embedded && (!c->vs.empty() || c->vs_trivial || c->soak)) {
    *error = "--vs, --vs-trivial and --soak need --endpoint";
    return false;
  }
  if (c->connections < 1 || c->rounds < 1 || c->threads < 1 || c->orgs < 1 || c->employees < 12 ||
      c->read_variants < 1 || c->interval <= 0) {
    *error =
        "--connections, --rounds, --threads, --orgs, --interval must be positive, "
        "--employees at least 12";
    return false;
  }
  if (c->mixes.empty()) {
    *error = "--mix is empty";
    return false;
  }
  // A mix's writes leave state (closed jobs) that the same mix run again would trip on.
  for (std::size_t i = 0; i < c->mixes.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (c->mixes[i] == c->mixes[j]) {
        *error = "--mix names " + c->mixes[i] + " twice";
        return false;
      }
    }
  }
  return true;
}

}  // namespace hrbench
