// SearchVectors' scores are exact float32 arithmetic in one fixed order (docs/vector-search.md):
// each equals, bit for bit, a plain reference computation — eight float lanes over the
// dimensions, the tail in lane 0, the lanes added in order — for COSINE, EUCLIDEAN and
// DOT_PRODUCT. And a data directory whose vector entries were written before entries stored their
// squared norm (the layout of storage/vector_entry.h without it, rebuilt here with LMDB itself)
// still searches with the same results and the same scores.
#include <gtest/gtest.h>
#include <lmdb.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "ddbemu/database.h"
#include "ddbemu/embedded_client.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace vector_score_exactness_test {

namespace fs = std::filesystem;

constexpr std::size_t kDimensions = 19;  // two full groups of eight lanes and a tail of three
constexpr int kItems = 40;

// Deterministic values in [-2, 2) with a fractional part a float cannot hold exactly in decimal.
std::vector<float> PseudoVector(std::uint64_t seed) {
  std::vector<float> v(kDimensions);
  for (float& x : v) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    x = static_cast<float>(static_cast<std::int64_t>(seed >> 41) % 400000) / 100000.0f - 2.0f;
  }
  return v;
}

std::string NumberText(float f) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, f);
  EXPECT_EQ(ec, std::errc());
  return std::string(buffer, end);
}

AttributeValue VectorValue(const std::vector<float>& v) {
  AttributeList list;
  for (float f : v) list.push_back(AttributeValue::N(NumberText(f)));
  return AttributeValue::L(std::move(list));
}

// The reference: the sum of `term(i)` over the dimensions in eight float lanes.
template <class Term>
float Lanes(Term term) {
  float lanes[8] = {};
  std::size_t i = 0;
  for (; i + 8 <= kDimensions; i += 8) {
    for (std::size_t l = 0; l < 8; ++l) lanes[l] += term(i + l);
  }
  for (; i < kDimensions; ++i) lanes[0] += term(i);
  float sum = 0;
  for (float lane : lanes) sum += lane;
  return sum;
}

float ReferenceScore(VectorDistanceFunction f, const std::vector<float>& q,
                     const std::vector<float>& v) {
  const float dot = Lanes([&](std::size_t i) { return q[i] * v[i]; });
  switch (f) {
    case VectorDistanceFunction::kDotProduct:
      return dot;
    case VectorDistanceFunction::kEuclidean:
      return std::sqrt(Lanes([&](std::size_t i) { return (q[i] - v[i]) * (q[i] - v[i]); }));
    case VectorDistanceFunction::kCosine:
      break;
  }
  float query_norm = 0;  // the query's norm: a plain sum, computed once per search
  for (float x : q) query_norm += x * x;
  const float norm = Lanes([&](std::size_t i) { return v[i] * v[i]; });
  return 1.0f - dot / (std::sqrt(query_norm) * std::sqrt(norm));
}

struct Hit {
  std::string key;
  double score = 0;
  friend bool operator==(const Hit&, const Hit&) = default;
};

class VectorScoreExactness : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("ddbemu-vector-scores-" + std::to_string(reinterpret_cast<std::uintptr_t>(this)) + "-" +
            std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    for (int i = 0; i < kItems; ++i) vectors_.push_back(PseudoVector(1000 + i));
    query_ = PseudoVector(7);
  }
  void TearDown() override {
    client_.reset();
    db_.reset();
    fs::remove_all(dir_);
  }

  void Open() {
    Options options;
    options.path = dir_.string();
    options.durability = Durability::kNone;
    options.throttle = false;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(db).value();
    client_ = MakeEmbeddedClient(*db_);
  }
  void Close() {
    client_.reset();
    db_.reset();
  }

  // "docs": one index per distance function over v, and kItems vectors.
  void CreateAndFill() {
    auto created = client_->CreateTable(
        {.table_name = "docs",
         .attribute_definitions = {{"pk", ScalarAttributeType::kS}},
         .key_schema = {{"pk", KeyType::kHash}},
         .billing_mode = BillingMode::kPayPerRequest,
         .vector_indexes = {{.index_name = "cosine",
                             .vector_attribute = "v",
                             .projection = {ProjectionType::kKeysOnly},
                             .dimensions = kDimensions,
                             .distance_function = VectorDistanceFunction::kCosine},
                            {.index_name = "euclid",
                             .vector_attribute = "v",
                             .projection = {ProjectionType::kKeysOnly},
                             .dimensions = kDimensions,
                             .distance_function = VectorDistanceFunction::kEuclidean},
                            {.index_name = "dot",
                             .vector_attribute = "v",
                             .projection = {ProjectionType::kKeysOnly},
                             .dimensions = kDimensions,
                             .distance_function = VectorDistanceFunction::kDotProduct}}});
    ASSERT_TRUE(created.ok()) << created.error().message();
    for (int i = 0; i < kItems; ++i) {
      auto put = client_->PutItem(
          {.table_name = "docs",
           .item = {{"pk", AttributeValue::S(Key(i))}, {"v", VectorValue(vectors_[i])}}});
      ASSERT_TRUE(put.ok()) << put.error().message();
    }
  }

  static std::string Key(int i) { return "doc" + std::to_string(100 + i); }

  std::vector<Hit> Search(const std::string& index) {
    std::vector<AttributeValue> query;
    for (float f : query_) query.push_back(AttributeValue::N(NumberText(f)));
    auto found = client_->SearchVectors(
        {.table_name = "docs", .index_name = index, .search_vector = query, .top_k = kItems});
    EXPECT_TRUE(found.ok()) << found.error().message();
    std::vector<Hit> hits;
    if (!found.ok()) return hits;
    for (const auto& r : found->search_results) {
      hits.push_back({r.item.find("pk")->second.scalar(), r.score});
    }
    return hits;
  }

  // Rewrites every vector entry in the layout of before the squared norm was stored: the floats
  // and then the projection. Entries are found by their leading floats (one of the vectors put)
  // followed by the norm's tag; returns how many were rewritten.
  int RewriteEntriesWithoutNorms() {
    MDB_env* env = nullptr;
    EXPECT_EQ(mdb_env_create(&env), 0);
    mdb_env_set_maxdbs(env, 8);
    EXPECT_EQ(mdb_env_open(env, dir_.c_str(), 0, 0644), 0);
    MDB_txn* txn = nullptr;
    EXPECT_EQ(mdb_txn_begin(env, nullptr, 0, &txn), 0);
    MDB_dbi data;
    EXPECT_EQ(mdb_dbi_open(txn, "data", 0, &data), 0);
    std::vector<std::string> float_bytes;
    for (const auto& v : vectors_) {
      std::string bytes(v.size() * sizeof(float), '\0');
      for (std::size_t i = 0; i < v.size(); ++i) {
        const std::uint32_t bits = std::bit_cast<std::uint32_t>(v[i]);
        for (int b = 0; b < 4; ++b) bytes[i * 4 + b] = static_cast<char>(bits >> (8 * b));
      }
      float_bytes.push_back(std::move(bytes));
    }
    std::map<std::string, std::string> rewritten;  // key -> old-layout value
    MDB_cursor* cursor = nullptr;
    EXPECT_EQ(mdb_cursor_open(txn, data, &cursor), 0);
    MDB_val key, value;
    const std::size_t vector_bytes = kDimensions * sizeof(float);
    for (int rc = mdb_cursor_get(cursor, &key, &value, MDB_FIRST); rc == 0;
         rc = mdb_cursor_get(cursor, &key, &value, MDB_NEXT)) {
      const std::string_view v(static_cast<const char*>(value.mv_data), value.mv_size);
      if (v.size() <= vector_bytes + 5 || v[vector_bytes] != '\x80') continue;
      if (std::find(float_bytes.begin(), float_bytes.end(), v.substr(0, vector_bytes)) ==
          float_bytes.end()) {
        continue;
      }
      std::string old_layout(v.substr(0, vector_bytes));
      old_layout.append(v.substr(vector_bytes + 5));
      rewritten.emplace(std::string(static_cast<const char*>(key.mv_data), key.mv_size),
                        std::move(old_layout));
    }
    mdb_cursor_close(cursor);
    for (auto& [k, v] : rewritten) {
      MDB_val mk{k.size(), const_cast<char*>(k.data())}, mv{v.size(), v.data()};
      EXPECT_EQ(mdb_put(txn, data, &mk, &mv, 0), 0);
    }
    EXPECT_EQ(mdb_txn_commit(txn), 0);
    mdb_env_close(env);
    return static_cast<int>(rewritten.size());
  }

  fs::path dir_;
  std::vector<std::vector<float>> vectors_;
  std::vector<float> query_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Client> client_;
};

TEST_F(VectorScoreExactness, ScoresAreTheReferenceFloat32ComputationBitForBit) {
  ASSERT_NO_FATAL_FAILURE(Open());
  ASSERT_NO_FATAL_FAILURE(CreateAndFill());
  for (const auto& [index, function] : std::vector<std::pair<std::string, VectorDistanceFunction>>{
           {"cosine", VectorDistanceFunction::kCosine},
           {"euclid", VectorDistanceFunction::kEuclidean},
           {"dot", VectorDistanceFunction::kDotProduct}}) {
    SCOPED_TRACE(index);
    const std::vector<Hit> hits = Search(index);
    ASSERT_EQ(hits.size(), static_cast<std::size_t>(kItems));
    std::vector<Hit> expected;
    for (int i = 0; i < kItems; ++i) {
      expected.push_back({Key(i), ReferenceScore(function, query_, vectors_[i])});
    }
    // Nearest first: highest first for DOT_PRODUCT, lowest first for the others; no two of these
    // scores tie.
    // A copy for the lambda: Clang 14 cannot capture a structured binding.
    const bool highest_first = function == VectorDistanceFunction::kDotProduct;
    std::sort(expected.begin(), expected.end(), [highest_first](const Hit& a, const Hit& b) {
      return highest_first ? a.score > b.score : a.score < b.score;
    });
    EXPECT_EQ(hits, expected);
  }
}

TEST_F(VectorScoreExactness, EntriesWrittenWithoutAStoredNormSearchTheSame) {
  ASSERT_NO_FATAL_FAILURE(Open());
  ASSERT_NO_FATAL_FAILURE(CreateAndFill());
  const std::vector<Hit> cosine = Search("cosine");
  const std::vector<Hit> euclid = Search("euclid");
  const std::vector<Hit> dot = Search("dot");
  ASSERT_EQ(cosine.size(), static_cast<std::size_t>(kItems));
  Close();

  EXPECT_EQ(RewriteEntriesWithoutNorms(), 3 * kItems);  // every entry of the three indexes

  ASSERT_NO_FATAL_FAILURE(Open());
  EXPECT_EQ(Search("cosine"), cosine);
  EXPECT_EQ(Search("euclid"), euclid);
  EXPECT_EQ(Search("dot"), dot);
  // The vector comes back from the old layout's floats too.
  std::vector<AttributeValue> query;
  for (float f : query_) query.push_back(AttributeValue::N(NumberText(f)));
  auto with_vector = client_->SearchVectors({.table_name = "docs",
                                             .index_name = "cosine",
                                             .search_vector = query,
                                             .top_k = 1,
                                             .projection_expression = "pk, v"});
  ASSERT_TRUE(with_vector.ok()) << with_vector.error().message();
  ASSERT_EQ(with_vector->search_results.size(), 1u);
  const Item& item = with_vector->search_results[0].item;
  ASSERT_NE(item.find("pk"), item.end());
  ASSERT_NE(item.find("v"), item.end());
  const int nearest = std::stoi(item.find("pk")->second.scalar().substr(3)) - 100;
  EXPECT_EQ(item.find("v")->second, VectorValue(vectors_[nearest]));
  // A write after the upgrade stores the new layout beside the old entries.
  auto put =
      client_->PutItem({.table_name = "docs",
                        .item = {{"pk", AttributeValue::S("new")}, {"v", VectorValue(query_)}}});
  ASSERT_TRUE(put.ok()) << put.error().message();
  const std::vector<Hit> after = Search("euclid");
  ASSERT_FALSE(after.empty());
  EXPECT_EQ(after[0], (Hit{"new", 0.0}));
}

}  // namespace vector_score_exactness_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
