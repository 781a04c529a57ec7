// SearchVectors' exact search against the memory-bandwidth floor of a plain scan (issue 37
// point 4): top-10 of 10^5 and 10^6 vectors of 768 dimensions (COSINE), through the embedded
// Client, and the same dot products over the same floats laid out contiguously in memory (the
// floor: every search reads every vector once). Vectors are deterministic pseudo-random.
//
//   build/bench/ddbemu_bench --benchmark_filter='VectorSearch.*/100000$'    # seconds
//   build/bench/ddbemu_bench --benchmark_filter='VectorSearch.*/1000000$'   # minutes to load
//
// 10^6 items of 768 numbers are about 11 GB of LMDB pages (the numbers as text in the items, the
// floats in the index), more than /dev/shm should hold: that size is loaded into a data
// directory under $TMPDIR instead (durability off, so the page cache serves it).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ddbemu/database.h"
#include "ddbemu/embedded_client.h"

namespace {

constexpr int kDimensions = 768;

float Pseudo(std::uint64_t& state) {  // xorshift, in [-1, 1)
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return static_cast<float>(state % 2000001) / 1000000.0f - 1.0f;
}

struct Loaded {
  std::unique_ptr<ddbemu::Database> db;
  std::unique_ptr<ddbemu::Client> client;
  std::vector<float> floats;  // the same vectors, contiguous (the floor's input)
};

Loaded& Load(int count) {
  static std::map<int, std::unique_ptr<Loaded>> cache;
  auto& slot = cache[count];
  if (slot) return *slot;
  slot = std::make_unique<Loaded>();
  ddbemu::Options options;
  options.durability = ddbemu::Durability::kNone;
  options.throttle = false;
  if (count < 1'000'000) {
    options.in_memory = true;
  } else {
    std::string dir =
        (std::filesystem::temp_directory_path() / "ddbemu-vector-bench-XXXXXX").string();
    if (mkdtemp(dir.data()) == nullptr) std::abort();
    options.path = dir;  // left behind for a rerun to inspect; it is under $TMPDIR
  }
  auto db = ddbemu::Database::Open(options);
  if (!db.ok()) std::abort();
  slot->db = std::move(db).value();
  slot->client = ddbemu::MakeEmbeddedClient(*slot->db);
  auto created = slot->client->CreateTable(
      {.table_name = "vectors",
       .attribute_definitions = {{"pk", ddbemu::ScalarAttributeType::kS}},
       .key_schema = {{"pk", ddbemu::KeyType::kHash}},
       .billing_mode = ddbemu::BillingMode::kPayPerRequest,
       .vector_indexes = {{.index_name = "emb",
                           .vector_attribute = "v",
                           .projection = {ddbemu::ProjectionType::kKeysOnly},
                           .dimensions = kDimensions}}});
  if (!created.ok()) std::abort();
  std::uint64_t state = 88172645463325252ull;
  slot->floats.reserve(static_cast<std::size_t>(count) * kDimensions);
  for (int i = 0; i < count; ++i) {
    ddbemu::AttributeList v;
    v.reserve(kDimensions);
    for (int d = 0; d < kDimensions; ++d) {
      const float f = Pseudo(state);
      slot->floats.push_back(f);
      v.push_back(ddbemu::AttributeValue::N(std::to_string(f)));
    }
    auto put = slot->client->PutItem(
        {.table_name = "vectors",
         .item = {{"pk", ddbemu::AttributeValue::S("item#" + std::to_string(i))},
                  {"v", ddbemu::AttributeValue::L(std::move(v))}}});
    if (!put.ok()) std::abort();
  }
  return *slot;
}

std::vector<ddbemu::AttributeValue> QueryVector() {
  std::uint64_t state = 2463534242ull;
  std::vector<ddbemu::AttributeValue> q;
  for (int d = 0; d < kDimensions; ++d)
    q.push_back(ddbemu::AttributeValue::N(std::to_string(Pseudo(state))));
  return q;
}

void BM_VectorSearchTop10(benchmark::State& state) {
  Loaded& loaded = Load(static_cast<int>(state.range(0)));
  const ddbemu::SearchVectorsRequest request{
      .table_name = "vectors", .index_name = "emb", .search_vector = QueryVector(), .top_k = 10};
  for (auto _ : state) {
    auto found = loaded.client->SearchVectors(request);
    if (!found.ok() || found->search_results.size() != 10) std::abort();
    benchmark::DoNotOptimize(found);
  }
  state.SetBytesProcessed(state.iterations() * state.range(0) * kDimensions * 4);
}

// The floor: one dot product per vector over contiguous floats, the best of top-10 kept.
void BM_VectorSearchFloor(benchmark::State& state) {
  Loaded& loaded = Load(static_cast<int>(state.range(0)));
  std::vector<float> q(kDimensions);
  std::uint64_t seed = 2463534242ull;
  for (float& x : q) x = Pseudo(seed);
  for (auto _ : state) {
    float best = -1e30f;
    const float* p = loaded.floats.data();
    for (std::int64_t i = 0; i < state.range(0); ++i, p += kDimensions) {
      float lanes[8] = {};
      for (int d = 0; d < kDimensions; d += 8)
        for (int l = 0; l < 8; ++l) lanes[l] += q[d + l] * p[d + l];
      float dot = 0;
      for (float l : lanes) dot += l;
      if (dot > best) best = dot;
    }
    benchmark::DoNotOptimize(best);
  }
  state.SetBytesProcessed(state.iterations() * state.range(0) * kDimensions * 4);
}

BENCHMARK(BM_VectorSearchTop10)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_VectorSearchFloor)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

}  // namespace
