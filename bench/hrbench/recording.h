// Recording hrcore's requests, and replaying them as wire bytes.
//
// Each pattern's variants are run once through hrcore on a client whose JSON transport records
// every (operation, body) it sends: the bodies are exactly what hrcore sends. A write's body
// holds values that must differ on every call (the ULIDs hrcore drew, the email built from the
// per-call token, the transaction's ClientRequestToken): their offsets become slots that the
// replay overwrites in place with fresh values of the same length. Then the bodies are
// rendered once per endpoint as complete HTTP/1.1 requests, headers included, so that the
// load generator only copies bytes (or sends them as they are).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/client.h"
#include "hrcore/errors.h"
#include "wire_signature.h"
#include "workload.h"

namespace hrbench {

struct Slot {
  enum Kind : std::uint8_t { kUlid, kLowerUlid, kHexToken };
  std::uint32_t offset = 0;
  Kind kind = kUlid;
  std::uint8_t group = 0;  // which of the call's fresh ULIDs (kLowerUlid: its lower case)
};

// What a 200 response's body must show to count as a sane answer.
enum class Expect : std::uint8_t { kObject, kItem, kItems };

struct RecordedRequest {
  std::string operation;  // "GetItem"
  std::string body;
  std::vector<Slot> slots;
  Expect expect = Expect::kObject;
  bool is_read = true;  // its capacity is read units
};
using RecordedCall = std::vector<RecordedRequest>;
struct RecordedPattern {
  std::vector<RecordedCall> variants;  // indexed by VariantFor()
  int ulid_groups = 0;                 // fresh ULIDs a call needs
  bool per_connection = false;         // as the Pattern's
  std::size_t per_variants = 0;        // the Pattern's `variants`
};

// A DynamoDB client over HTTP (SigV4, pool, retries) that can record what it sends.
class RecordingClient {
 public:
  // Signs with `credentials`' secret, or with a made-up one when it is empty.
  static hrcore::Result<std::unique_ptr<RecordingClient>> Open(const std::string& endpoint,
                                                               const WireCredentials& credentials);
  ~RecordingClient();
  ddbemu::Client& client();
  // Runs every variant of every pattern once (on this endpoint: the writes happen) and keeps
  // the requests. `connections`: per-connection patterns get that many sets of variants.
  hrcore::Result<std::vector<RecordedPattern>> Record(hrcore::HrService& service,
                                                      const std::vector<Pattern>& patterns,
                                                      int connections);

  struct Impl;

 private:
  explicit RecordingClient(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// A recorded request as bytes on the wire for one endpoint.
struct WireRequest {
  std::string bytes;        // request line, headers and body
  std::vector<Slot> slots;  // offsets into `bytes`
  Expect expect = Expect::kObject;
  bool is_read = true;
  std::optional<WireSignature> signing;  // set when it is signed at send time (WireSigner)
};
using WireCall = std::vector<WireRequest>;
struct WirePattern {
  std::vector<WireCall> variants;
  int ulid_groups = 0;
  bool per_connection = false;
  std::size_t per_variants = 0;
};

// `host` is the Host header ("127.0.0.1:8000"). The Authorization header names the access key
// and region (which name the tables' namespace on DynamoDB Local and ddb-local). With a secret
// key each request is marked for signing at send time (WireRequest::signing); without one its
// signature stays zeros, which neither server checks by default.
std::vector<WirePattern> RenderWire(const std::vector<RecordedPattern>& recorded,
                                    const std::string& host, const WireCredentials& credentials);

// Fresh values for a call's slots: ULIDs with the current millisecond, unique per process run,
// connection and call, written in place (no allocation).
class SlotFiller {
 public:
  SlotFiller(std::uint64_t salt, int connection);
  // Patches `bytes` (a copy of the template's) for one call; `fresh` holds the call's ULIDs.
  void NewCall(int groups);
  void Fill(char* bytes, const std::vector<Slot>& slots) const;

 private:
  std::uint64_t salt_;
  int connection_;
  std::uint64_t counter_ = 0;
  char ulids_[4][26]{};
  char token_[32]{};
};

}  // namespace hrbench
