// Application similarity (AP14, issue 37's example of vector search): each application may
// carry an embedding of its text (a cover letter, a CV), and a job's applications can be ranked
// by how close their embeddings are to the embedding of the job's description.
//
// The embedding itself is the caller's: hrcore stores and searches vectors, it does not compute
// them (a real service would call an embedding model; the tests compute a small deterministic
// one). The vectors live on the application items, in the attribute kEmbeddingAttribute, and a
// vector index (kApplicationSimilarityIndex) partitioned by jobId serves the search: one job's
// applications form one vector-index partition, so a search reads no other job's entries.
//
// The index is opt-in (CreateApplicationSimilarityIndex, an UpdateTable): backends without
// vector search (DynamoDB Local, Alternator) keep the rest of hrcore working. Until it exists,
// or while it backfills, FindSimilarApplications fails with kBackend.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ddbemu/client.h"
#include "hrcore/entities.h"
#include "hrcore/errors.h"

namespace hrcore {

inline constexpr std::string_view kApplicationSimilarityIndex = "application-similarity-index";
inline constexpr std::string_view kEmbeddingAttribute = "embedding";
// The dimensions of every embedding: small, as a test's hashed bag of words needs no more;
// a production model's 768 or 1024 would only change this constant and the index.
inline constexpr std::int64_t kEmbeddingDimensions = 16;

// Adds the vector index to the HR table (COSINE distance; the SearchSchema's HASH is jobId; it
// projects what an Application decodes from). The table stays usable while the index backfills.
Status CreateApplicationSimilarityIndex(ddbemu::Client& client, const std::string& table_name);

// One result of AP14: the application and its cosine distance to the job's description (0 is
// the same direction, 2 the opposite), nearest first.
struct SimilarApplication {
  Application application;
  double distance = 0;
};

}  // namespace hrcore
