// The one dispatch table: operation name -> the function that turns a validated request body
// into a response body (parse with api_json/, the run step of run_step.h, render with api_json/).
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// `operation`: the API's name of the operation (without the Streams prefix), for the tenant
// check (ops/access/access_check.h). On success `out` holds the response body (what it held
// before is replaced; its capacity may be reused); on failure it is left as it was.
using OperationFn = Status (*)(ops::Engine& engine, const ops::Caller& caller,
                               std::string_view operation, const rapidjson::Value& body,
                               std::string& out);

namespace api_model {
struct Operation;  // api/api_model.h
}  // namespace api_model

struct OperationEntry {
  std::string_view name;
  OperationFn run;
  // The operation in the API model, for the request validator (ValidateRequest's overload that
  // takes it looks nothing up); found when the table is compiled. Null for DynamoDB Streams'.
  const api_model::Operation* model = nullptr;
};

// DynamoDB Streams shares the endpoint: its operations are named with their service's target
// prefix ("DynamoDBStreams_20120810.GetRecords"), DynamoDB's without.
inline constexpr std::string_view kStreamsTargetPrefix = "DynamoDBStreams_20120810.";

// The entry for `name`, or nullptr when this emulator does not implement it. Runs for every
// request: it compares `name` with the few names of its length only.
const OperationEntry* FindOperation(std::string_view name);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
