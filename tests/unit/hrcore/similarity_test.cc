// AP14 (hrcore/similarity.h): applications most similar to a job's description, with vectors
// from a small deterministic embedding computed here — a hashed bag of words in 16 dimensions,
// normalised — so that the expected ranking is computed independently of the emulator, in
// doubles, and compared with the vector index's exact search.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "hr_fixture.h"

namespace hrcore::testing {
namespace similarity_test {

// Each lower-cased word adds 1 to dimension FNV-1a(word) % 16; the vector is then made unit
// length. Texts that share words point the same way; texts that share none are near-orthogonal
// (up to hash collisions, which the expected ranking below accounts for as it uses the same
// vectors).
std::vector<float> Embed(const std::string& text) {
  std::vector<double> v(kEmbeddingDimensions, 0.0);
  std::string word;
  auto flush = [&] {
    if (word.empty()) return;
    std::uint32_t h = 2166136261u;
    for (unsigned char c : word) h = (h ^ c) * 16777619u;
    v[h % kEmbeddingDimensions] += 1.0;
    word.clear();
  };
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '+') {
      word.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    } else {
      flush();
    }
  }
  flush();
  double norm = 0;
  for (double x : v) norm += x * x;
  norm = std::sqrt(norm);
  std::vector<float> out;
  for (double x : v) out.push_back(static_cast<float>(norm == 0 ? 0 : x / norm));
  return out;
}

double CosineDistance(const std::vector<float>& a, const std::vector<float>& b) {
  double dot = 0, na = 0, nb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    dot += double{a[i]} * b[i];
    na += double{a[i]} * a[i];
    nb += double{b[i]} * b[i];
  }
  return 1.0 - dot / (std::sqrt(na) * std::sqrt(nb));
}

class SimilarityTest : public HrFixture {
 protected:
  void SetUp() override {
    HrFixture::SetUp();
    ASSERT_TRUE(CreateApplicationSimilarityIndex(*client_, service_->table_name()).ok());
    org_ = NewOrg("Acme");
    auto job = service_->DraftJob(org_.ctx, "Storage Engineer", org_.dept);
    ASSERT_TRUE(job.ok()) << job.error().ToString();
    job_id_ = job->job_id;
    ASSERT_TRUE(service_->OpenJob(org_.ctx, job_id_).ok());
  }
  // An application of a new employee to `job`, with the embedding of `text` (none if empty).
  ApplicationRef Apply(const std::string& job, const std::string& email, const std::string& text) {
    Employee e = HireOk(org_, email);
    clock_->AdvanceMicros(1000);
    auto app = service_->SubmitApplication(org_.ctx, job, e.emp_id);
    EXPECT_TRUE(app.ok()) << app.error().ToString();
    ApplicationRef ref{job, app->submitted_at, app->app_id};
    if (!text.empty()) {
      auto set = service_->SetApplicationEmbedding(org_.ctx, ref, Embed(text));
      EXPECT_TRUE(set.ok()) << set.error().ToString();
    }
    return ref;
  }

  const std::string description_ =
      "Build a C++ storage engine on LMDB: B-tree performance, "
      "latency, durability and crash recovery";
  Org org_;
  std::string job_id_;
};

TEST_F(SimilarityTest, ApplicationsAreRankedByTheirDistanceToTheDescription) {
  const std::vector<std::pair<std::string, std::string>> letters = {
      {"storage@acme.test", "I tuned a C++ storage engine: B-tree latency and crash recovery"},
      {"marketing@acme.test", "Brand campaigns, social media and events for consumer products"},
      {"perf@acme.test", "Performance work in C++ with a focus on latency"},
      {"lmdb@acme.test", "LMDB durability, storage and recovery"}};
  std::vector<std::pair<double, std::string>> expected;  // (distance, appId), computed here
  const std::vector<float> query = Embed(description_);
  for (const auto& [email, text] : letters) {
    ApplicationRef ref = Apply(job_id_, email, text);
    expected.emplace_back(CosineDistance(Embed(text), query), ref.app_id);
  }
  Apply(job_id_, "silent@acme.test", "");  // no embedding: never ranked
  std::sort(expected.begin(), expected.end());

  auto found = service_->FindSimilarApplications(org_.ctx, job_id_, query, 10);
  ASSERT_TRUE(found.ok()) << found.error().ToString();
  ASSERT_EQ(found->size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ((*found)[i].application.app_id, expected[i].second) << i;
    EXPECT_NEAR((*found)[i].distance, expected[i].first, 1e-5) << i;
    EXPECT_EQ((*found)[i].application.job_id, job_id_);
    EXPECT_EQ((*found)[i].application.status, ApplicationStatus::kApplied);
  }
  // The storage engineer shares the most words with the description; the marketer none.
  EXPECT_EQ(found->front().application.app_id, expected.front().second);
  EXPECT_GT(found->back().distance, found->front().distance);

  auto top = service_->FindSimilarApplications(org_.ctx, job_id_, query, 2);
  ASSERT_TRUE(top.ok()) << top.error().ToString();
  ASSERT_EQ(top->size(), 2u);
  EXPECT_EQ((*top)[1].application.app_id, expected[1].second);
}

TEST_F(SimilarityTest, TheSearchStaysInTheJobAndTheOrganisation) {
  auto other_job = service_->DraftJob(org_.ctx, "Designer", org_.dept);
  ASSERT_TRUE(other_job.ok());
  ASSERT_TRUE(service_->OpenJob(org_.ctx, other_job->job_id).ok());
  // The other job's application is the description itself, yet it is not this job's.
  Apply(other_job->job_id, "copy@acme.test", description_);
  ApplicationRef mine = Apply(job_id_, "mine@acme.test", "storage engine");
  auto found = service_->FindSimilarApplications(org_.ctx, job_id_, Embed(description_), 10);
  ASSERT_TRUE(found.ok()) << found.error().ToString();
  ASSERT_EQ(found->size(), 1u);
  EXPECT_EQ(found->front().application.app_id, mine.app_id);

  // Another organisation's caller is refused as for AP10 (kOtherTenant): the job is not theirs.
  Org rival = NewOrg("Rival");
  EXPECT_EQ(
      service_->FindSimilarApplications(rival.ctx, job_id_, Embed(description_), 10).error().kind(),
      ErrorKind::kOtherTenant);
  EXPECT_EQ(service_->SetApplicationEmbedding(rival.ctx, mine, Embed("x")).error().kind(),
            ErrorKind::kOtherTenant);
}

TEST_F(SimilarityTest, BadEmbeddingsAndTopKAreRefusedBeforeAnyRequest) {
  ApplicationRef app = Apply(job_id_, "a@acme.test", "");
  EXPECT_EQ(service_->SetApplicationEmbedding(org_.ctx, app, {1, 2, 3}).error().kind(),
            ErrorKind::kInvalidArgument);
  std::vector<float> bad = Embed("storage");
  bad[3] = std::nanf("");
  EXPECT_EQ(service_->SetApplicationEmbedding(org_.ctx, app, bad).error().kind(),
            ErrorKind::kInvalidArgument);
  EXPECT_EQ(service_->FindSimilarApplications(org_.ctx, job_id_, Embed("x"), 0).error().kind(),
            ErrorKind::kInvalidArgument);
  EXPECT_EQ(service_->FindSimilarApplications(org_.ctx, job_id_, Embed("x"), 101).error().kind(),
            ErrorKind::kInvalidArgument);
  // An application that does not exist (a well-formed key of this job) is not found.
  ApplicationRef missing{job_id_, ids_->Next(), ids_->Next()};
  EXPECT_EQ(service_->SetApplicationEmbedding(org_.ctx, missing, Embed("x")).error().kind(),
            ErrorKind::kNotFound);
}

}  // namespace similarity_test
}  // namespace hrcore::testing
