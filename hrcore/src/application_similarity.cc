// AP14: application embeddings and the similarity search over them (hrcore/similarity.h).
#include <charconv>
#include <cmath>

#include "service_internals.h"

namespace hrcore {
namespace {

using ddbemu::AttributeValue;
using I = HrService::Internals;
using codec::Key;

constexpr int kMaxTopK = 100;  // SearchVectors' TopK range is 1..100

// The embedding as the list of numbers the vector index reads; each float written with the
// shortest digits that read back as the same float, so the index holds exactly `embedding`.
Result<AttributeValue> VectorValue(const std::vector<float>& embedding) {
  if (static_cast<std::int64_t>(embedding.size()) != kEmbeddingDimensions) {
    return Error(ErrorKind::kInvalidArgument,
                 "an embedding has " + std::to_string(kEmbeddingDimensions) + " numbers, not " +
                     std::to_string(embedding.size()));
  }
  ddbemu::AttributeList list;
  list.reserve(embedding.size());
  for (float f : embedding) {
    if (!std::isfinite(f)) {
      return Error(ErrorKind::kInvalidArgument, "an embedding holds only finite numbers");
    }
    char text[32];
    const auto [end, ec] = std::to_chars(text, text + sizeof text, f);
    if (ec != std::errc()) return Error(ErrorKind::kInvalidArgument, "an unwritable number");
    list.push_back(AttributeValue::N(std::string(text, end)));
  }
  return AttributeValue::L(std::move(list));
}

}  // namespace

Status CreateApplicationSimilarityIndex(ddbemu::Client& client, const std::string& table_name) {
  using ddbemu::ProjectionType;
  // jobId is already on every application item: it becomes the SearchSchema's HASH, so each
  // job's applications are one partition of the index. The projection holds what
  // codec::ApplicationFrom reads (the table's keys and jobId come with every entry).
  ddbemu::CreateVectorIndexAction create{
      .index_name = std::string(kApplicationSimilarityIndex),
      .vector_attribute = std::string(kEmbeddingAttribute),
      .search_schema = {{"jobId", ddbemu::SearchSchemaElementType::kHash}},
      .projection = {ProjectionType::kInclude, {"appId", "empId", "status", "submittedAt"}},
      .dimensions = kEmbeddingDimensions,
      .distance_function = ddbemu::VectorDistanceFunction::kCosine};
  auto updated =
      client.UpdateTable({.table_name = table_name,
                          .attribute_definitions = {{"jobId", ddbemu::ScalarAttributeType::kS}},
                          .vector_index_updates = {std::move(create)}});
  if (!updated.ok()) return Error::Backend(std::move(updated).error());
  return {};
}

Result<Application> HrService::SetApplicationEmbedding(const TenantContext& ctx,
                                                       const ApplicationRef& app,
                                                       const std::vector<float>& embedding) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(app.submitted_at, "submittedAt"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(app.app_id, "appId"));
  DDBEMU_ASSIGN_OR_RETURN(AttributeValue vector, VectorValue(embedding));
  // The job is this organisation's (GetJob answers kNotFound otherwise), so its applications are.
  DDBEMU_RETURN_IF_ERROR(GetJob(ctx, app.job_id));
  DDBEMU_ASSIGN_OR_RETURN(
      Item updated,
      I::Update(*this,
                {.key = Key(keys::JobPk(app.job_id), keys::AppSk(app.submitted_at, app.app_id)),
                 .update_expression = "SET #embedding = :embedding",
                 .condition_expression = "attribute_exists(#PK)",
                 .expression_attribute_names = {{"#embedding", std::string(kEmbeddingAttribute)},
                                                {"#PK", "PK"}},
                 .expression_attribute_values = {{":embedding", std::move(vector)}}},
                [&](const Item*) { return I::NotFound("application " + app.app_id); }));
  return codec::ApplicationFrom(updated);
}

Result<std::vector<SimilarApplication>> HrService::FindSimilarApplications(
    const TenantContext& ctx, const std::string& job_id,
    const std::vector<float>& description_embedding, int top_k) {
  if (top_k < 1 || top_k > kMaxTopK) {
    return Error(ErrorKind::kInvalidArgument, "top_k is 1.." + std::to_string(kMaxTopK));
  }
  DDBEMU_ASSIGN_OR_RETURN(AttributeValue vector, VectorValue(description_embedding));
  DDBEMU_RETURN_IF_ERROR(GetJob(ctx, job_id));  // the job, hence the partition, is this org's
  ddbemu::SearchVectorsRequest request{
      .table_name = options_.table_name,
      .index_name = std::string(kApplicationSimilarityIndex),
      .search_vector = vector.list(),
      .top_k = top_k,
      .search_condition_expression = "jobId = :job",
      .expression_attribute_values = {{":job", AttributeValue::S(job_id)}}};
  auto found = client_.SearchVectors(request);
  if (!found.ok()) return Error::Backend(std::move(found).error());
  {
    ddbemu::sync::MutexLock lock(consumed_mutex_);
    ++consumed_.calls;  // vector bytes are not capacity units: only the call is counted
  }
  std::vector<SimilarApplication> out;
  out.reserve(found->search_results.size());
  for (const ddbemu::SearchResultItem& hit : found->search_results) {
    DDBEMU_ASSIGN_OR_RETURN(Application application, codec::ApplicationFrom(hit.item));
    if (application.job_id != job_id) {  // the partition is the job's: anything else is corrupt
      return Error(ErrorKind::kBackend, "a similarity result of another job");
    }
    out.push_back({std::move(application), hit.score});
  }
  return out;
}

}  // namespace hrcore
