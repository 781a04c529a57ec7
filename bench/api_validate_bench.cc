// Cost of the generic request validation stage (api_json/request_validator.h) per request: it
// runs on every call, so a valid request should cost a fraction of a microsecond and
// allocate nothing; an invalid one pays for its message.
#include <benchmark/benchmark.h>
#include <rapidjson/document.h>

#include <cstdlib>
#include <string>

#include "api_json/request_validator.h"

namespace {

rapidjson::Document Parse(const char* json) {
  rapidjson::Document doc;
  if (!ddbemu::ParseRequestBody(json, doc).ok()) std::abort();
  return doc;
}

void Validate(benchmark::State& state, const char* operation, const char* json) {
  rapidjson::Document doc = Parse(json);
  for (auto _ : state) {
    ddbemu::Status status = ddbemu::ValidateRequest(operation, doc);
    benchmark::DoNotOptimize(status);
  }
}

void BM_ValidateGetItem(benchmark::State& state) {
  Validate(state, "GetItem",
           R"({"TableName": "Music", "Key": {"Artist": {"S": "No One You Know"},
               "SongTitle": {"S": "Call Me Today"}}, "ConsistentRead": true, "ReturnConsumedCapacity": "TOTAL",
               "ProjectionExpression": "#a, Genre", "ExpressionAttributeNames": {"#a": "AlbumTitle"}})");
}
BENCHMARK(BM_ValidateGetItem);

void BM_ValidatePutItem(benchmark::State& state) {
  Validate(
      state, "PutItem",
      R"json({"TableName": "Employees", "Item": {"PK": {"S": "TENANT#1"}, "SK": {"S": "EMP#01HZX"},
               "Name": {"S": "Ada"}, "Salary": {"N": "1000"}, "Tags": {"SS": ["a", "b"]}},
               "ConditionExpression": "attribute_not_exists(PK)", "ReturnValues": "NONE"})json");
}
BENCHMARK(BM_ValidatePutItem);

void BM_ValidateQuery(benchmark::State& state) {
  Validate(
      state, "Query",
      R"json({"TableName": "Employees", "IndexName": "GSI1", "KeyConditionExpression": "PK = :pk AND begins_with(SK, :sk)",
               "ExpressionAttributeValues": {":pk": {"S": "TENANT#1"}, ":sk": {"S": "EMP#"}}, "Limit": 25,
               "ScanIndexForward": false, "ReturnConsumedCapacity": "INDEXES"})json");
}
BENCHMARK(BM_ValidateQuery);

void BM_ValidateBatchWriteItem25(benchmark::State& state) {
  std::string requests;
  for (int i = 0; i < 25; ++i) {
    requests += std::string(i ? "," : "") + R"({"PutRequest": {"Item": {"PK": {"S": "K)" +
                std::to_string(i) + R"("}, "V": {"N": "1"}}}})";
  }
  std::string json = R"({"RequestItems": {"Employees": [)" + requests + "]}}";
  Validate(state, "BatchWriteItem", json.c_str());
}
BENCHMARK(BM_ValidateBatchWriteItem25);

void BM_ValidateInvalidGetItem(benchmark::State& state) {
  Validate(state, "GetItem",
           R"({"TableName": "abc;", "ReturnConsumedCapacity": "hi", "AttributesToGet": []})");
}
BENCHMARK(BM_ValidateInvalidGetItem);

}  // namespace
