// Pagination cursors: opaque to callers, bound to the tenant and the access pattern that
// issued them. A cursor carries the page's LastEvaluatedKey, the orgId, the pattern (and the
// partition it lists, e.g. the deptId of AP7) and its issue time, authenticated with
// HMAC-SHA256 under a server secret. Decoding refuses, rather than obeys:
//   - a forged or altered cursor (bad MAC)                   -> kInvalidCursor
//   - a cursor issued to another organisation                -> kOtherTenant
//   - a cursor of another pattern or another list's partition -> kInvalidCursor
//   - a cursor older than the time to live (a replay)        -> kInvalidCursor
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/clock.h"
#include "hrcore/errors.h"

namespace hrcore {

struct CursorScope {
  std::string org_id;
  std::string pattern;  // "AP3", "AP7", ...
  std::string list;     // the listed partition's id (deptId, jobId, empId) or ""
};

class CursorCodec {
 public:
  // `secret` keys the HMAC: every process serving one table must share it.
  CursorCodec(std::string secret, const ddbemu::Clock& clock, std::int64_t ttl_ms = 3'600'000);

  // The cursor for the page after `last_evaluated_key` (whose values must all be strings, as
  // every key of this table is).
  std::string Encode(const CursorScope& scope, const ddbemu::Item& last_evaluated_key) const;
  // The ExclusiveStartKey the cursor carries, when it was issued for `scope`.
  Result<ddbemu::Item> Decode(const CursorScope& scope, std::string_view cursor) const;

 private:
  std::string Mac(std::string_view payload) const;

  std::string secret_;
  const ddbemu::Clock& clock_;
  std::int64_t ttl_ms_;
};

}  // namespace hrcore
