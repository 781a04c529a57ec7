// The audit's rules on hand-made snapshots (audit/audit_findings.h): each anti-pattern is
// reported when its figures cross the threshold, names the shapes behind it, and is not
// reported just below.
#include "audit/audit_findings.h"

#include <gtest/gtest.h>

#include <map>

#include "audit/request_shape.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {
namespace audit_findings_test {

AuditShape Shape(std::string id, std::string operation, std::string table = "t") {
  AuditShape s;
  s.id = std::move(id);
  s.operation = std::move(operation);
  s.table = std::move(table);
  s.requests = 1;
  return s;
}

std::vector<AuditFinding> Find(const AuditSnapshot& snapshot, std::vector<HotKey> hot = {},
                               AuditThresholds t = {}) {
  return FindAntiPatterns(snapshot, hot, t);
}

std::vector<std::string> Kinds(const std::vector<AuditFinding>& findings) {
  std::vector<std::string> kinds;
  for (const auto& f : findings) kinds.push_back(f.kind);
  return kinds;
}

TEST(AuditFindings, ScansOfOneTableAreOneFindingNamingEveryScanShape) {
  AuditSnapshot snap;
  snap.shapes = {Shape("s1", "Scan"), Shape("s2", "Query"), Shape("s3", "Scan")};
  snap.shapes[0].items_read = 500;
  snap.shapes[2].filter = "type = ?";
  const auto findings = Find(snap);
  ASSERT_EQ(Kinds(findings), std::vector<std::string>{"scan"});
  EXPECT_EQ(findings[0].shapes, (std::vector<std::string>{"s1", "s3"}));
  EXPECT_NE(findings[0].summary.find("read 500 items"), std::string::npos);
  EXPECT_NE(findings[0].fix.find("Query"), std::string::npos);
}

TEST(AuditFindings, FilterThatDiscardsMostOfWhatItReadsIsReported) {
  AuditSnapshot snap;
  snap.shapes = {Shape("s1", "Query")};
  snap.shapes[0].filter = "status = ?";
  snap.shapes[0].items_read = 100;
  snap.shapes[0].items_returned = 10;
  const auto findings = Find(snap);
  ASSERT_EQ(Kinds(findings), std::vector<std::string>{"filter-discards"});
  EXPECT_EQ(findings[0].shapes, std::vector<std::string>{"s1"});
  EXPECT_NE(findings[0].summary.find("90%"), std::string::npos);
}

TEST(AuditFindings, FilterKeepingHalfOrFewReadsIsNotReported) {
  AuditSnapshot snap;
  snap.shapes = {Shape("s1", "Query"), Shape("s2", "Query"), Shape("s3", "PutItem")};
  snap.shapes[0].filter = "a = ?";  // keeps 60%
  snap.shapes[0].items_read = 100;
  snap.shapes[0].items_returned = 60;
  snap.shapes[1].filter = "a = ?";  // too few items read to judge
  snap.shapes[1].items_read = 10;
  snap.shapes[2].filter = "condition: attribute_not_exists(PK)";  // a write's condition
  snap.shapes[2].items_read = 100;
  EXPECT_TRUE(Find(snap).empty());
}

TEST(AuditFindings, ThrottledKeyIsAHotKeyWithTheShapesThatUseIt) {
  AuditSnapshot snap;
  snap.shapes = {Shape("s1", "UpdateItem"), Shape("s2", "UpdateItem")};
  snap.shapes[0].top_keys = {R"({"pk":{"S":"hot"}})"};
  snap.shapes[1].top_keys = {R"({"pk":{"S":"cold"}})"};
  HotKey hot{"t", "", R"({"pk":{"S":"hot"}})"};
  hot.throttles = 3;
  hot.share_of_cap = 0.2;
  const auto findings = Find(snap, {hot});
  ASSERT_EQ(Kinds(findings), std::vector<std::string>{"hot-key"});
  EXPECT_EQ(findings[0].severity, "warning");
  EXPECT_EQ(findings[0].shapes, std::vector<std::string>{"s1"});
  EXPECT_EQ(findings[0].key, R"({"pk":{"S":"hot"}})");
}

TEST(AuditFindings, KeyNearItsCapIsHotAndOneFarBelowIsNot) {
  AuditSnapshot snap;
  HotKey near{"t", "", R"({"pk":{"S":"a"}})"};
  near.share_of_cap = 0.6;
  HotKey idle{"t", "", R"({"pk":{"S":"b"}})"};
  idle.share_of_cap = 0.1;
  const auto findings = Find(snap, {near, idle});
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].key, near.key);
  EXPECT_EQ(findings[0].severity, "info");
}

TEST(AuditFindings, GsiReadsRightAfterWritesAreReported) {
  AuditSnapshot snap;
  snap.window_micros = 1'000'000;
  snap.shapes = {Shape("s1", "Query")};
  snap.shapes[0].index = "GSI1";
  snap.shapes[0].reads_after_write = 4;
  const auto findings = Find(snap);
  ASSERT_EQ(Kinds(findings), std::vector<std::string>{"gsi-read-after-write"});
  EXPECT_EQ(findings[0].index, "GSI1");
  EXPECT_NE(findings[0].summary.find("1000 ms"), std::string::npos);
}

TEST(AuditFindings, StrongReadsOfItemsNotJustWrittenAreReported) {
  AuditSnapshot snap;
  snap.shapes = {Shape("s1", "GetItem"), Shape("s2", "GetItem")};
  for (AuditShape& s : snap.shapes) {
    s.consistent_read = true;
    s.requests = 20;
  }
  snap.shapes[0].consistent_reads_without_recent_write = 20;  // never needed
  snap.shapes[1].consistent_reads_without_recent_write = 10;  // needed half the time
  const auto findings = Find(snap);
  ASSERT_EQ(Kinds(findings), std::vector<std::string>{"strong-read"});
  EXPECT_EQ(findings[0].shapes, std::vector<std::string>{"s1"});
}

TEST(AuditFindings, GrowingCollectionAboveTheThresholdIsReported) {
  AuditSnapshot snap;
  snap.shapes = {Shape("s1", "PutItem")};
  snap.shapes[0].top_keys = {R"({"pk":{"S":"log"}})"};
  snap.collections = {{"t", R"({"pk":{"S":"log"}})", 120, 118},
                      {"t", R"({"pk":{"S":"small"}})", 5, 5}};
  AuditThresholds t;
  t.collection_items = 100;
  const auto findings = Find(snap, {}, t);
  ASSERT_EQ(Kinds(findings), std::vector<std::string>{"growing-collection"});
  EXPECT_EQ(findings[0].key, R"({"pk":{"S":"log"}})");
  EXPECT_EQ(findings[0].shapes, std::vector<std::string>{"s1"});
}

TEST(AuditFindings, ItemsNear400KBAreReported) {
  AuditSnapshot snap;
  snap.shapes = {Shape("s1", "PutItem"), Shape("s2", "PutItem")};
  snap.shapes[0].max_item_kb = 350;
  snap.shapes[1].max_item_kb = 12;
  const auto findings = Find(snap);
  ASSERT_EQ(Kinds(findings), std::vector<std::string>{"large-item"});
  EXPECT_EQ(findings[0].shapes, std::vector<std::string>{"s1"});
}

TEST(AuditFindings, PutsWithoutAnAttributeOtherItemsCarryAreReported) {
  AuditSnapshot snap;
  snap.shapes = {Shape("s1", "PutItem"), Shape("s2", "PutItem", "other")};
  snap.shapes[0].missing_attributes = {"type"};
  snap.shapes[1].missing_attributes = {"type"};  // no item of "other" carries it: not relied on
  snap.relied_attributes["t"] = {"type"};
  const auto findings = Find(snap);
  ASSERT_EQ(Kinds(findings), std::vector<std::string>{"missing-attribute"});
  EXPECT_EQ(findings[0].table, "t");
  EXPECT_EQ(findings[0].shapes, std::vector<std::string>{"s1"});
}

TEST(AuditShapes, ExpressionsAreNormalisedToNamesAndPlaceholders) {
  const std::map<std::string, std::string> names = {{"#pk", "PK"}, {"#s", "status"}};
  EXPECT_EQ(NormalizeExpression("#pk = :p   AND begins_with(SK, :prefix)", names),
            "PK = ? AND begins_with(SK, ?)");
  EXPECT_EQ(NormalizeExpression("#s IN (:a, :b) AND #unknown > :c", names),
            "status IN (?, ?) AND #unknown > ?");
}

}  // namespace audit_findings_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
