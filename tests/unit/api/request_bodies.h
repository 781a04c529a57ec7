// Request bodies for tests that compare two parses on them: the GetItem and Query bodies the
// SDKs send in hrbench's read mix, and the same mutated the way a fuzzer would (overwrite or
// insert one of `specials`, bytes that matter to a JSON parse, drop a byte, or cut the end; one
// to three edits a body).
#pragma once

#include <cstddef>
#include <random>
#include <string>
#include <string_view>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {

inline const std::string kSdkGetItemBody =
    R"J({"TableName":"hrbench","Key":{"PK":{"S":"JOB#01JHQ17FV04Q3GRZ873Z2Z1APD"},)J"
    R"J("SK":{"S":"#META"}},"ReturnConsumedCapacity":"TOTAL"})J";

// A Query body whose last members are `last_members`.
inline std::string SdkQueryBody(std::string_view last_members) {
  return R"J({"TableName":"hrbench","ExpressionAttributeNames":{"#PK":"PK","#SK":"SK"},)J"
         R"J("ExpressionAttributeValues":{":pk":{"S":"ORG#01JGFJJZ00EYKZC5T1DWCKCPQE"},)J"
         R"J(":prefix":{"S":"JOB#"}},"Limit":50,"ReturnConsumedCapacity":"TOTAL",)J"
         R"J("KeyConditionExpression":"#PK = :pk AND begins_with(#SK, :prefix)",)J" +
         std::string(last_members) + "}";
}

inline std::string MutatedBody(std::mt19937& random, std::string body, std::string_view specials) {
  const int edits = 1 + static_cast<int>(random() % 3);
  for (int e = 0; e < edits && !body.empty(); ++e) {
    const std::size_t at = random() % body.size();
    switch (random() % 4) {
      case 0:
        body[at] = specials[random() % specials.size()];
        break;
      case 1:
        body.insert(body.begin() + static_cast<std::ptrdiff_t>(at),
                    specials[random() % specials.size()]);
        break;
      case 2:
        body.erase(at, 1);
        break;
      default:
        body.resize(at);
    }
  }
  return body;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
