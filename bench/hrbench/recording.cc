// The recording JSON transport, slot discovery, wire rendering and slot filling.
#include "recording.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <utility>

#include "hrcore/retry.h"
#include "http_client/json_client.h"
#include "http_client/transport/http_transport.h"
#include "sync/mutex.h"

namespace hrbench {
namespace {

constexpr char kCrockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
constexpr std::string_view kTokenKey = "\"ClientRequestToken\":\"hr-";

// Forwards to the HTTP transport; while `sink` is set, keeps a copy of every request.
class TeeTransport final : public ddbemu::http_client::JsonTransport {
 public:
  explicit TeeTransport(std::unique_ptr<ddbemu::client::HttpTransport> http)
      : http_(std::move(http)) {}
  ddbemu::Result<std::string> Call(std::string_view operation, std::string_view body) override {
    // hrcore's read of its schema switch (the `#MIGRATION` partition, hrcore/migrations.h)
    // happens once per refresh period, not per call: it is not part of any access pattern.
    const bool schema_read = body.find(R"({"S":"#MIGRATION"})") != std::string_view::npos;
    if (!schema_read) {
      ddbemu::sync::MutexLock lock(mutex_);
      if (sink_ != nullptr) sink_->push_back({std::string(operation), std::string(body)});
    }
    return http_->Call(operation, body);
  }
  void SetSink(RecordedCall* sink) {
    ddbemu::sync::MutexLock lock(mutex_);
    sink_ = sink;
  }

 private:
  std::unique_ptr<ddbemu::client::HttpTransport> http_;
  ddbemu::sync::Mutex mutex_;
  RecordedCall* sink_ GUARDED_BY(mutex_) = nullptr;
};

void AddSlots(RecordedRequest& r, std::string_view needle, Slot::Kind kind, int group) {
  if (needle.empty()) return;
  for (std::size_t at = r.body.find(needle); at != std::string::npos;
       at = r.body.find(needle, at + needle.size())) {
    r.slots.push_back({static_cast<std::uint32_t>(at), kind, static_cast<std::uint8_t>(group)});
  }
}

// A marker that hrcore passes through unchanged into the email (lower case, 26 characters).
std::string Marker(std::uint64_t n) {
  char buf[27];
  std::snprintf(buf, sizeof buf, "zq%024llu", static_cast<unsigned long long>(n));
  return buf;
}

bool IsRead(std::string_view op) {
  return op == "GetItem" || op == "Query" || op == "Scan" || op == "BatchGetItem" ||
         op == "TransactGetItems";
}

}  // namespace

struct RecordingClient::Impl {
  TeeTransport* tee = nullptr;
  std::uint64_t markers = 0;  // markers used so far: each call's is new, across Record calls
  std::unique_ptr<ddbemu::Client> client;
};

RecordingClient::RecordingClient(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
RecordingClient::~RecordingClient() = default;
ddbemu::Client& RecordingClient::client() { return *impl_->client; }

hrcore::Result<std::unique_ptr<RecordingClient>> RecordingClient::Open(
    const std::string& endpoint, const WireCredentials& credentials) {
  ddbemu::client::HttpTransportOptions o;
  o.endpoint = endpoint;
  o.region = credentials.region;
  const std::string secret = credentials.secret.empty() ? "hrbench-secret" : credentials.secret;
  o.credentials = ddbemu::client::Credentials{credentials.access_key, secret, ""};
  o.max_connections = 64;
  // No transport retries: their backoff starts at a second. Throttled seeding calls are
  // retried by hrcore's service (setup.cc) with millisecond backoff; a throttled recorded call
  // is recorded again from scratch by Record(), so that each variant holds one call's requests.
  o.retry.max_attempts = 1;
  auto http = ddbemu::client::HttpTransport::Create(std::move(o));
  if (!http.ok()) return hrcore::Error::Backend(http.error());
  auto impl = std::make_unique<Impl>();
  auto tee = std::make_unique<TeeTransport>(std::move(http).value());
  impl->tee = tee.get();
  impl->client = ddbemu::http_client::MakeHttpClient(std::move(tee));
  return std::unique_ptr<RecordingClient>(new RecordingClient(std::move(impl)));
}

// How often one recorded call is sent again when refused for throughput (with back-off from
// 2 ms up to 200 ms: about 10 s in all, far beyond any bucket's one-second refill).
constexpr int kRecordRetries = 60;

hrcore::Result<std::vector<RecordedPattern>> RecordingClient::Record(
    hrcore::HrService& service, const std::vector<Pattern>& patterns, int connections) {
  std::vector<RecordedPattern> out;
  for (const Pattern& p : patterns) {
    RecordedPattern rp{.per_connection = p.per_connection, .per_variants = p.variants};
    std::size_t n =
        p.per_connection ? p.variants * static_cast<std::size_t>(connections) : p.variants;
    for (std::size_t v = 0; v < n; ++v) {
      RecordedCall call;
      std::string marker;
      // A call refused for throughput changed nothing: it is recorded again, from scratch,
      // after a back-off, so that hrbench starts against an endpoint whose hot keys are
      // throttled (one still in debt from an earlier run, or a fast recorder on a small table).
      auto ids = [&] {
        for (int attempt = 0;; ++attempt) {
          call.clear();
          marker = Marker(++impl_->markers);
          impl_->tee->SetSink(&call);
          auto result = p.invoke(service, v, marker);
          impl_->tee->SetSink(nullptr);
          if (result.ok() || attempt >= kRecordRetries || !result.error().cause() ||
              !hrcore::Retryable(*result.error().cause())) {
            return result;
          }
          std::this_thread::sleep_for(
              std::chrono::microseconds(hrcore::BackoffMicros(attempt, 2'000, 200'000)));
        }
      }();
      if (!ids.ok()) {
        return hrcore::Error(ids.error().kind(), "recording " + p.name + " variant " +
                                                     std::to_string(v) + ": " +
                                                     ids.error().ToString());
      }
      rp.ulid_groups = std::max<int>(rp.ulid_groups, static_cast<int>(ids->ulids.size()));
      for (RecordedRequest& r : call) {
        for (std::size_t g = 0; g < ids->ulids.size(); ++g) {
          AddSlots(r, ids->ulids[g], Slot::kUlid, static_cast<int>(g));
        }
        AddSlots(r, marker, Slot::kLowerUlid, 0);
        std::size_t t = r.body.find(kTokenKey);
        if (t != std::string::npos) {
          r.slots.push_back({static_cast<std::uint32_t>(t + kTokenKey.size()), Slot::kHexToken, 0});
        }
        r.is_read = IsRead(r.operation);
        r.expect = r.operation == "GetItem" ? Expect::kItem
                   : r.operation == "Query" ? Expect::kItems
                                            : Expect::kObject;
      }
      if (call.empty()) return hrcore::Error(hrcore::ErrorKind::kBackend, p.name + " sent nothing");
      rp.variants.push_back(std::move(call));
    }
    out.push_back(std::move(rp));
  }
  return out;
}

std::vector<WirePattern> RenderWire(const std::vector<RecordedPattern>& recorded,
                                    const std::string& host, const WireCredentials& credentials) {
  const std::string amz_date = AmzDateNow();
  std::vector<WirePattern> out;
  for (const RecordedPattern& rp : recorded) {
    WirePattern wp{.ulid_groups = rp.ulid_groups,
                   .per_connection = rp.per_connection,
                   .per_variants = rp.per_variants};
    for (const RecordedCall& call : rp.variants) {
      WireCall wc;
      for (const RecordedRequest& r : call) {
        WireSignature where;
        const std::string head =
            RenderSignedHead(host, r.operation, r.body.size(), credentials, amz_date, &where);
        WireRequest w{.bytes = head + r.body, .expect = r.expect, .is_read = r.is_read};
        if (!credentials.secret.empty()) w.signing = std::move(where);
        for (Slot s : r.slots) {
          s.offset += static_cast<std::uint32_t>(head.size());
          w.slots.push_back(s);
        }
        wc.push_back(std::move(w));
      }
      wp.variants.push_back(std::move(wc));
    }
    out.push_back(std::move(wp));
  }
  return out;
}

SlotFiller::SlotFiller(std::uint64_t salt, int connection) : salt_(salt), connection_(connection) {}

void SlotFiller::NewCall(int groups) {
  auto ms = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                           std::chrono::system_clock::now().time_since_epoch())
                                           .count());
  for (int g = 0; g < groups && g < 4; ++g) {
    char* u = ulids_[g];
    for (int i = 9; i >= 0; --i) u[9 - i] = kCrockford[(ms >> (5 * i)) & 31];
    // Randomness part: 4 characters of the run's salt, 3 of the connection, 9 of a counter.
    std::uint64_t c = ++counter_;
    for (int i = 0; i < 4; ++i) u[10 + i] = kCrockford[(salt_ >> (5 * (3 - i))) & 31];
    for (int i = 0; i < 3; ++i) u[14 + i] = kCrockford[(connection_ >> (5 * (2 - i))) & 31];
    for (int i = 0; i < 9; ++i) u[17 + i] = kCrockford[(c >> (5 * (8 - i))) & 31];
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::uint64_t parts[2] = {salt_ ^ (static_cast<std::uint64_t>(connection_) << 48), counter_};
  for (int p = 0; p < 2; ++p) {
    for (int i = 0; i < 16; ++i) token_[p * 16 + i] = kHex[(parts[p] >> (4 * (15 - i))) & 15];
  }
}

void SlotFiller::Fill(char* bytes, const std::vector<Slot>& slots) const {
  for (const Slot& s : slots) {
    char* at = bytes + s.offset;
    switch (s.kind) {
      case Slot::kUlid:
        std::memcpy(at, ulids_[s.group], 26);
        break;
      case Slot::kLowerUlid:
        for (int i = 0; i < 26; ++i) {
          char c = ulids_[s.group][i];
          at[i] = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        }
        break;
      case Slot::kHexToken:
        std::memcpy(at, token_, 32);
        break;
    }
  }
}

}  // namespace hrbench
