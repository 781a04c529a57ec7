// The stored-item codec alone: decoding a typical HR employee item (12 attributes, ULID keys
// longer than a std::string keeps inline) into an Item, as every GetItem and each item of a
// Query does, and encoding it back, as every write does; and the JSON read path's two walks of
// the stored bytes, which build no Item: sizing and checking them (EncodedItemSize, every item
// a GetItem, Query or Scan reads) and writing them as DynamoDB JSON (AppendEncodedItemJson,
// every item such a response returns over HTTP).
//
//   build/bench/ddbemu_bench --benchmark_filter='HrItem'
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include "ddbemu/attribute_value.h"
#include "value/item_codec.h"
#include "value_json/encoded_item_json.h"

namespace {

using ddbemu::AttributeValue;

// An Employee of docs/hr-schema.md: keys, the GSI1 email keys, the type tag and the profile.
ddbemu::Item HrEmployee() {
  const std::string org = "01HZX3J4K5M6N7P8Q9R0S1T2V3";
  const std::string emp = "01HZX3J9ABCDEFGHJKMNPQRSTV";
  return {{"PK", AttributeValue::S("ORG#" + org)},
          {"SK", AttributeValue::S("EMP#" + emp)},
          {"GSI1PK", AttributeValue::S("EMAIL#ada.lovelace@example.org")},
          {"GSI1SK", AttributeValue::S("EMP#" + emp)},
          {"type", AttributeValue::S("emp")},
          {"empId", AttributeValue::S(emp)},
          {"orgId", AttributeValue::S(org)},
          {"email", AttributeValue::S("ada.lovelace@example.org")},
          {"firstName", AttributeValue::S("Ada")},
          {"lastName", AttributeValue::S("Lovelace")},
          {"role", AttributeValue::S("manager")},
          {"version", AttributeValue::N("3")}};
}

std::string EncodedHrEmployee() {
  std::string bytes;
  ddbemu::itemcodec::EncodeItem(HrEmployee(), &bytes);
  return bytes;
}

// Into a fresh Item each time: a Query keeps every decoded item, so none reuses another's memory.
void BM_DecodeHrItem(benchmark::State& state) {
  const std::string bytes = EncodedHrEmployee();
  for (auto _ : state) {
    ddbemu::Item item;
    if (!ddbemu::itemcodec::DecodeItem(bytes, &item)) std::abort();
    benchmark::DoNotOptimize(item);
  }
}
BENCHMARK(BM_DecodeHrItem);

void BM_EncodeHrItem(benchmark::State& state) {
  const ddbemu::Item item = HrEmployee();
  for (auto _ : state) {
    std::string bytes;
    ddbemu::itemcodec::EncodeItem(item, &bytes);
    benchmark::DoNotOptimize(bytes);
  }
}
BENCHMARK(BM_EncodeHrItem);

void BM_SizeEncodedHrItem(benchmark::State& state) {
  const std::string bytes = EncodedHrEmployee();
  for (auto _ : state) {
    benchmark::DoNotOptimize(ddbemu::itemcodec::EncodedItemSize(bytes));
  }
}
BENCHMARK(BM_SizeEncodedHrItem);

// Into a string reused across iterations, as the items of one page share the response's.
void BM_WriteEncodedHrItemJson(benchmark::State& state) {
  const std::string bytes = EncodedHrEmployee();
  std::string json;
  for (auto _ : state) {
    json.clear();
    ddbemu::itemcodec::AppendEncodedItemJson(bytes, json);
    benchmark::DoNotOptimize(json);
  }
}
BENCHMARK(BM_WriteEncodedHrItemJson);

// The setup the figures rest on: the item survives the round trip.
[[maybe_unused]] const bool kRoundTrips = [] {
  ddbemu::Item decoded;
  if (!ddbemu::itemcodec::DecodeItem(EncodedHrEmployee(), &decoded) || !(decoded == HrEmployee())) {
    std::abort();
  }
  return true;
}();

}  // namespace
