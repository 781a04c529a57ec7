// SearchVectors (see search_vectors.h).
#include "ops/vectors/search_vectors.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <queue>
#include <string>

#include "expr/evaluator.h"
#include "expr/expressions.h"
#include "ops/realism/transient_statuses.h"
#include "ops/tables/tables.h"
#include "ops/vectors/search_condition.h"
#include "storage/item_store.h"
#include "storage/vector_entry.h"
#include "value/item_codec.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

constexpr std::int64_t kMaxTopK = 100;
// VectorSearchRequestBytes is metered at 1 KB at least (Developer Guide, vector index pricing).
constexpr double kMinSearchBytes = 1024;
// SearchVectors answers at most 16 MB of results and has no pagination (Developer Guide,
// "Requirements and limitations"). The guide does not say what the service does past it; the
// emulator returns the nearest results whose projected items (DynamoDB's item size) fit,
// nearest first, and leaves the farther ones out — what a caller that lowers TopK would get.
constexpr std::size_t kMaxResponseBytes = std::size_t{16} * 1024 * 1024;

// The score of one stored vector (nearer is lower, but for DOT_PRODUCT, where it is higher):
// one pass over its floats for every function, as COSINE's stored norm (vector_entry.h) spares
// the second sum; an entry written before norms were stored has its norm computed here, the
// same float the write would have stored.
float Score(VectorDistanceFunction f, const float* query, float query_norm,
            const storage::VectorEntryView& entry, std::size_t n) {
  switch (f) {
    case VectorDistanceFunction::kDotProduct:
      return storage::DotProduct(query, entry.floats, n);
    case VectorDistanceFunction::kEuclidean:
      return std::sqrt(storage::SquaredDistance(query, entry.floats, n));
    case VectorDistanceFunction::kCosine:
      break;
  }
  const float dot = storage::DotProduct(query, entry.floats, n);
  const float norm =
      entry.squared_norm ? *entry.squared_norm : storage::SquaredNorm(entry.floats, n);
  const float denominator = std::sqrt(query_norm) * std::sqrt(norm);
  if (denominator == 0 || !std::isfinite(denominator)) return 1.0f;
  return 1.0f - dot / denominator;
}

// Lower is nearer for every function (DOT_PRODUCT is ranked by its negation).
struct Scored {
  float rank = 0;
  float score = 0;
  std::uint64_t order = 0;  // position in the index's key order: ties go to the first
  std::string key;
};
struct Worse {  // the heap's top is the worst kept candidate
  bool operator()(const Scored& a, const Scored& b) const {
    return a.rank != b.rank ? a.rank < b.rank : a.order < b.order;
  }
};

// JSON has no infinity: an overflowing score is reported as the largest float of its sign.
double Reported(float score) {
  if (std::isnan(score)) return 0;
  if (std::isinf(score)) return score > 0 ? FLT_MAX : -FLT_MAX;
  return score;
}

Result<std::vector<float>> SearchVectorOf(const api::SearchVectorsRequest& request) {
  std::vector<float> query;
  query.reserve(request.search_vector.size());
  for (const AttributeValue& value : request.search_vector) {
    std::optional<float> f;
    if (value.is(AttributeType::kN)) f = storage::NumberToFloat(value.scalar());
    if (!f) {
      return ApiError::Validation(
          "Search vector contains invalid values. All values in the search vector must be a "
          "32-bit floating-point number attribute");
    }
    query.push_back(*f);
  }
  return query;
}

// Whether an entry's projection satisfies the INLINE_FILTER equalities.
bool Matches(std::string_view projection, const std::vector<SearchEquality>& filters) {
  if (filters.empty()) return true;
  Item item;
  if (!itemcodec::DecodeItem(projection, &item)) return false;
  for (const SearchEquality& filter : filters) {
    auto it = item.find(filter.attribute->name);
    if (it == item.end() || !expr::ValuesEqual(it->second, filter.value)) return false;
  }
  return true;
}

// The entry's projection with the vector attribute rebuilt from its floats (the index's copy).
Result<Item> ResultItem(const VectorIndexSchema& index, std::string_view encoded) {
  const std::optional<storage::VectorEntryView> entry =
      storage::ParseVectorEntry(encoded, index.dimensions);
  Item item;
  if (!entry || !itemcodec::DecodeItem(entry->projection, &item)) {
    return ApiError::InternalServerError("A vector index entry does not decode");
  }
  AttributeList vector;
  vector.reserve(index.dimensions);
  for (std::size_t i = 0; i < index.dimensions; ++i) {
    float f;
    std::memcpy(&f, entry->floats + i * sizeof(float), sizeof f);
    vector.push_back(AttributeValue::N(storage::FloatToNumberText(f)));
  }
  item[index.vector_attribute] = AttributeValue::L(std::move(vector));
  return item;
}

}  // namespace

Result<api::SearchVectorsResult> SearchVectors(Engine& engine, const Caller& caller,
                                               const api::SearchVectorsRequest& request) {
  if (request.top_k > kMaxTopK) {
    return ApiError::Validation("Provided TopK value '" + std::to_string(request.top_k) +
                                "' is out of valid range. The value must be between 1 and " +
                                std::to_string(kMaxTopK) + " inclusive");
  }
  DDBEMU_ASSIGN_OR_RETURN(std::vector<float> query, SearchVectorOf(request));
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(std::shared_ptr<const TableSchema> table,
                          FindItemTable(engine, txn, caller, request.table_name));
  const VectorIndexSchema* index = table->FindVectorIndex(request.index_name);
  if (index == nullptr) {
    return ApiError::Validation("The table does not have the specified index: " +
                                request.index_name);
  }
  if (engine.transient != nullptr) {
    DDBEMU_RETURN_IF_ERROR(
        engine.transient->CheckVectorSearch(caller.ns, table->name, request.index_name));
  }
  if (query.size() != index->dimensions) {
    return ApiError::Validation("Input search vector dimension " + std::to_string(query.size()) +
                                " does not match vector index dimension " +
                                std::to_string(index->dimensions));
  }
  // The placeholder maps and the expressions, as for Query: ProjectionExpression takes names
  // only; every name and value must be used.
  const bool condition = request.search_condition_expression.has_value();
  if (request.has_names && !condition && !request.projection_expression) {
    return ApiError::Validation(
        "ExpressionAttributeNames can only be specified when using expressions");
  }
  if (request.has_values && !condition) {
    return ApiError::Validation(
        "ExpressionAttributeValues can only be specified when using expressions: "
        "SearchConditionExpression is null");
  }
  if (request.has_names) DDBEMU_RETURN_IF_ERROR(expr::ValidateLookupAttributeNames(request.names));
  if (request.has_values) DDBEMU_RETURN_IF_ERROR(expr::ValidateAttributeValueKeys(request.values));
  auto context = expr::ExpressionContext::WithLookupNames(
      request.has_names ? &request.names : nullptr, request.has_values ? &request.values : nullptr);
  std::vector<SearchEquality> equalities;
  if (condition) {
    DDBEMU_ASSIGN_OR_RETURN(
        equalities, PrepareSearchCondition(*request.search_condition_expression, *index, context,
                                           engine.expression_cache));
  }
  std::optional<expr::ProjectionExpression> projection;
  if (request.projection_expression) {
    DDBEMU_ASSIGN_OR_RETURN(projection, expr::PrepareProjection(*request.projection_expression,
                                                                context, engine.expression_cache));
  }
  DDBEMU_RETURN_IF_ERROR(context.CheckAllUsed());
  DDBEMU_ASSIGN_OR_RETURN(const AttributeValue* partition, SearchPartition(*index, equalities));
  std::vector<SearchEquality> filters;
  for (SearchEquality& equality : equalities) {
    if (!equality.is_hash) filters.push_back(std::move(equality));
  }

  // The scan: every entry of the partition, scored; the TopK nearest kept.
  const storage::ItemStore store(engine.env);
  const std::size_t top_k = static_cast<std::size_t>(std::max<std::int64_t>(request.top_k, 0));
  const std::size_t vector_bytes = std::size_t{4} * index->dimensions;
  float query_norm = 0;
  for (float q : query) query_norm += q * q;
  const bool descending = index->distance == VectorDistanceFunction::kDotProduct;
  std::priority_queue<Scored, std::vector<Scored>, Worse> best;
  std::uint64_t examined = 0;
  {
    DDBEMU_ASSIGN_OR_RETURN(
        storage::RangeCursor cursor,
        store.OpenRange(
            txn, storage::KeyRange::Prefix(storage::VectorPartitionPrefix(*index, partition)),
            storage::ScanDirection::kForward));
    for (; cursor.valid(); cursor.Next()) {
      const std::optional<storage::VectorEntryView> entry =
          storage::ParseVectorEntry(cursor.value(), index->dimensions);
      if (!entry) return ApiError::InternalServerError("A short vector entry");
      ++examined;
      if (!Matches(entry->projection, filters)) continue;
      const float score =
          Score(index->distance, query.data(), query_norm, *entry, index->dimensions);
      const float rank = descending ? -score : score;
      if (best.size() == top_k) {
        const Scored& worst = best.top();
        if (!(rank < worst.rank)) continue;  // ties keep the earlier entry
        best.pop();
      }
      if (top_k > 0) best.push({rank, score, examined, std::string(cursor.key())});
    }
    DDBEMU_RETURN_IF_ERROR(cursor.status());
  }
  std::vector<Scored> kept;
  kept.reserve(best.size());
  for (; !best.empty(); best.pop()) kept.push_back(best.top());
  std::reverse(kept.begin(), kept.end());

  api::SearchVectorsResult result;
  result.vectors_examined = static_cast<std::int64_t>(examined);
  std::size_t response_bytes = 0;
  for (const Scored& s : kept) {
    DDBEMU_ASSIGN_OR_RETURN(auto entry, store.GetEncoded(txn, s.key));
    if (!entry) return ApiError::InternalServerError("A vector index entry vanished");
    DDBEMU_ASSIGN_OR_RETURN(Item item, ResultItem(*index, *entry));
    if (projection) {
      item = expr::Project(item, projection->paths);
    } else {
      item.erase(index->vector_attribute);  // returned only when asked for by name
    }
    response_bytes += ItemSize(item);
    if (response_bytes > kMaxResponseBytes) break;  // the farther results do not fit
    result.results.push_back({std::move(item), Reported(s.score)});
  }
  if (request.return_consumed_capacity != api::ReturnConsumedCapacity::kNone) {
    // Bytes of vector data the search examined (the query's and each entry's vector).
    result.search_request_bytes = std::max(
        kMinSearchBytes, static_cast<double>(vector_bytes) * static_cast<double>(examined + 1));
  }
  return result;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
