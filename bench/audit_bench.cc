// What the access-pattern audit costs a request (Options::audit; ddb-local's default): the same
// GetItem, PutItem, Query and Query of a GSI through Database::Call with the audit off (/0) and
// on (/1).
//
//   build/bench/ddbemu_bench --benchmark_filter=Audit
//   python3 bench/audit_cost.py build/bench/ddbemu_bench   (the difference, min and median)
//   valgrind --tool=callgrind build/bench/ddbemu_bench --benchmark_filter='AuditGetItem/1$'
//       (instructions: the Handler's inclusive cost per call, audit on less off)
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "ddbemu/database.h"

namespace {

constexpr int kItems = 10000;

std::unique_ptr<ddbemu::Database> Open(bool audit) {
  ddbemu::Options options;
  options.in_memory = true;
  options.durability = ddbemu::Durability::kNone;
  options.throttle = false;  // the operations and the audit, not a hot benchmark's throttling
  options.audit = audit;
  options.map_size_bytes = std::size_t{1} << 30;  // valgrind cannot reserve the default 64 GiB
  auto db = ddbemu::Database::Open(options);
  if (!db.ok()) std::abort();
  auto created = (*db)->Call("CreateTable", R"({"TableName":"bench",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
        {"AttributeName":"sk","KeyType":"RANGE"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"email","AttributeType":"S"}],
      "GlobalSecondaryIndexes":[{"IndexName":"by_email",
        "KeySchema":[{"AttributeName":"email","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"ALL"}}],
      "BillingMode":"PAY_PER_REQUEST"})");
  if (created.http_status != 200) std::abort();
  return std::move(db).value();
}

std::string PutBody(int i) {
  return R"({"TableName":"bench","Item":{"pk":{"S":"ORG#)" + std::to_string(i % 100) +
         R"("},"sk":{"S":"EMP#)" + std::to_string(i) + R"("},"email":{"S":"e)" + std::to_string(i) +
         R"(@example.com"},"type":{"S":"emp"},"name":{"S":"Ada Lovelace"},"age":{"N":"36"}}})";
}

void BM_AuditPutItem(benchmark::State& state) {
  auto db = Open(state.range(0) != 0);
  std::vector<std::string> bodies;
  for (int i = 0; i < kItems; ++i) bodies.push_back(PutBody(i));
  int i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(db->Call("PutItem", bodies[i++ % kItems]));
}
BENCHMARK(BM_AuditPutItem)->Arg(0)->Arg(1);

void BM_AuditGetItem(benchmark::State& state) {
  auto db = Open(state.range(0) != 0);
  std::vector<std::string> bodies;
  for (int i = 0; i < kItems; ++i) {
    db->Call("PutItem", PutBody(i));
    bodies.push_back(R"({"TableName":"bench","Key":{"pk":{"S":"ORG#)" + std::to_string(i % 100) +
                     R"("},"sk":{"S":"EMP#)" + std::to_string(i) + R"("}}})");
  }
  int i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(db->Call("GetItem", bodies[i++ % kItems]));
}
BENCHMARK(BM_AuditGetItem)->Arg(0)->Arg(1);

void BM_AuditQuery(benchmark::State& state) {
  auto db = Open(state.range(0) != 0);
  for (int i = 0; i < kItems; ++i) db->Call("PutItem", PutBody(i));
  std::vector<std::string> bodies;
  for (int i = 0; i < 100; ++i) {
    bodies.push_back(R"({"TableName":"bench","KeyConditionExpression":"pk = :p","Limit":10,
      "ExpressionAttributeValues":{":p":{"S":"ORG#)" +
                     std::to_string(i) + R"("}}})");
  }
  int i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(db->Call("Query", bodies[i++ % 100]));
}
BENCHMARK(BM_AuditQuery)->Arg(0)->Arg(1);

// The read of the HR mix's email lookup: a GSI Query (its items checked against recent writes
// while one is recent; none is here).
void BM_AuditGsiQuery(benchmark::State& state) {
  auto db = Open(state.range(0) != 0);
  for (int i = 0; i < kItems; ++i) db->Call("PutItem", PutBody(i));
  // The read mix writes nothing: let the writes above leave the audit's window (1 s), after
  // which its reads need no item hashes.
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  std::vector<std::string> bodies;
  for (int i = 0; i < 100; ++i) {
    bodies.push_back(R"({"TableName":"bench","IndexName":"by_email",
      "KeyConditionExpression":"#e = :e","ExpressionAttributeNames":{"#e":"email"},
      "ExpressionAttributeValues":{":e":{"S":"e)" +
                     std::to_string(i * 97) + R"(@example.com"}}})");
  }
  int i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(db->Call("Query", bodies[i++ % 100]));
}
BENCHMARK(BM_AuditGsiQuery)->Arg(0)->Arg(1);

}  // namespace
