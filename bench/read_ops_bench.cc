// In-process cost of Query and Scan through Database::Call (JSON in, JSON out): a partition of
// 100 items returned whole, counted, filtered and projected; a GSI page; a Scan page.
//
//   build/bench/ddbemu_bench --benchmark_filter='Query|Scan'
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include "ddbemu/database.h"

namespace {

constexpr int kPartitions = 50;
constexpr int kPerPartition = 100;

std::unique_ptr<ddbemu::Database> OpenWithData() {
  ddbemu::Options options;
  options.in_memory = true;
  options.durability = ddbemu::Durability::kNone;
  options.throttle = false;
  auto db = ddbemu::Database::Open(options);
  if (!db.ok()) std::abort();
  auto created = (*db)->Call("CreateTable", R"({"TableName":"bench",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"},
        {"AttributeName":"dept","AttributeType":"S"}],
      "GlobalSecondaryIndexes":[{"IndexName":"by_dept","KeySchema":[{"AttributeName":"dept","KeyType":"HASH"},
        {"AttributeName":"sk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}],
      "BillingMode":"PAY_PER_REQUEST"})");
  if (created.http_status != 200) std::abort();
  for (int p = 0; p < kPartitions; ++p) {
    for (int i = 0; i < kPerPartition; ++i) {
      const std::string n = std::to_string(i);
      auto put = (*db)->Call(
          "PutItem", R"({"TableName":"bench","Item":{"pk":{"S":"ORG#)" + std::to_string(p) +
                         R"("},"sk":{"S":"EMP#)" + n + R"("},"dept":{"S":"D)" +
                         std::to_string(i % 10) + R"("},"name":{"S":"Ada Lovelace"},"age":{"N":")" +
                         n + R"("},"active":{"BOOL":true},"tags":{"SS":["a","b"]}}})");
      if (put.http_status != 200) std::abort();
    }
  }
  return std::move(db).value();
}

void Run(benchmark::State& state, const char* op, const std::string& body) {
  static auto db = OpenWithData();
  std::size_t bytes = 0;
  for (auto _ : state) {
    auto response = db->Call(op, body);
    if (response.http_status != 200) state.SkipWithError(response.body.c_str());
    bytes += response.body.size();
    benchmark::DoNotOptimize(response);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}

const std::string kPartition =
    R"("TableName":"bench","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"ORG#7"})";

void BM_QueryPartitionOf100(benchmark::State& state) {
  Run(state, "Query", "{" + kPartition + "}}");
}
BENCHMARK(BM_QueryPartitionOf100);

void BM_QueryCountOf100(benchmark::State& state) {
  Run(state, "Query", "{" + kPartition + R"(},"Select":"COUNT"})");
}
BENCHMARK(BM_QueryCountOf100);

void BM_QueryFilteredOf100(benchmark::State& state) {
  Run(state, "Query",
      R"({"TableName":"bench","KeyConditionExpression":"pk = :p","FilterExpression":"age < :a",)"
      R"("ExpressionAttributeValues":{":p":{"S":"ORG#7"},":a":{"N":"10"}}})");
}
BENCHMARK(BM_QueryFilteredOf100);

void BM_QueryProjectedOf100(benchmark::State& state) {
  Run(state, "Query", "{" + kPartition + R"(},"ProjectionExpression":"sk, age"})");
}
BENCHMARK(BM_QueryProjectedOf100);

void BM_QuerySortRangeOf10(benchmark::State& state) {
  Run(state, "Query",
      R"j({"TableName":"bench","KeyConditionExpression":"pk = :p AND begins_with(sk, :s)",)j"
      R"("ExpressionAttributeValues":{":p":{"S":"ORG#7"},":s":{"S":"EMP#1"}}})");
}
BENCHMARK(BM_QuerySortRangeOf10);

void BM_QueryGsiPageOf100(benchmark::State& state) {
  Run(state, "Query",
      R"({"TableName":"bench","IndexName":"by_dept","Limit":100,"KeyConditionExpression":"dept = :d",)"
      R"("ExpressionAttributeValues":{":d":{"S":"D3"}}})");
}
BENCHMARK(BM_QueryGsiPageOf100);

void BM_ScanPageOf100(benchmark::State& state) {
  Run(state, "Scan", R"({"TableName":"bench","Limit":100})");
}
BENCHMARK(BM_ScanPageOf100);

}  // namespace
