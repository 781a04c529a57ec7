// Tenant isolation policies (ddbemu/access_policy.h): the policy file, IAM's StringLike globs,
// and the JSON path's AccessDeniedException (envelope, status, message) before a request runs.
#include "ddbemu/access_policy.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace access_policy_test {

TEST(AccessPolicyTest, GlobsAreIamStringLike) {
  EXPECT_TRUE(GlobMatch("ORG#acme", "ORG#acme"));
  EXPECT_FALSE(GlobMatch("ORG#acme", "ORG#acmeX"));
  EXPECT_TRUE(GlobMatch("ORG#acme#*", "ORG#acme#OPEN"));
  EXPECT_FALSE(GlobMatch("ORG#acme#*", "ORG#acme"));
  EXPECT_TRUE(GlobMatch("*", ""));
  EXPECT_TRUE(GlobMatch("a*b*c", "aXXbYYbc"));
  EXPECT_FALSE(GlobMatch("a*b*c", "aXXbYYb"));
  EXPECT_TRUE(GlobMatch("T?NANT", "TENANT"));
  EXPECT_FALSE(GlobMatch("T?NANT", "TNANT"));
}

TEST(AccessPolicyTest, ParsesTheFileAndRejectsWhatIsNotAPolicy) {
  auto policies = AccessPolicies::Parse(R"({"Policies":[
      {"AccessKeyId":"A","User":"tenant-a","Actions":["dynamodb:Get*","Query"],"Tables":"hr",
       "LeadingKeys":["ORG#a","ORG#a#*"]},
      {"AccessKeyId":"B","Actions":["*"],"Tables":["*"]}]})",
                                        "inline");
  ASSERT_TRUE(policies.ok()) << policies.error().message();
  const AccessPolicy* a = policies->Find("A");
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(a->AllowsAction("GetItem"));
  EXPECT_TRUE(a->AllowsAction("Query"));
  EXPECT_FALSE(a->AllowsAction("PutItem"));
  EXPECT_TRUE(a->AllowsTable("hr"));
  EXPECT_FALSE(a->AllowsTable("hr2"));
  EXPECT_TRUE(a->AllowsLeadingKey("ORG#a#OPEN"));
  EXPECT_FALSE(a->AllowsLeadingKey("ORG#b"));
  const AccessPolicy* b = policies->Find("B");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->user, "B");  // the key id names the user by default
  EXPECT_FALSE(b->restricts_leading_keys());
  EXPECT_EQ(policies->Find("C"), nullptr);

  for (const char* bad : {R"([])", R"({"Policies":{}})", R"({"Policies":[{"Actions":["*"]}]})",
                          R"({"Policies":[{"AccessKeyId":"A","Tables":["*"]}]})",
                          R"({"Policies":[{"AccessKeyId":"A","Actions":[1],"Tables":["*"]}]})",
                          R"({"Policies":[{"AccessKeyId":"A","Actions":["*"],"Tables":["*"]},
                                          {"AccessKeyId":"A","Actions":["*"],"Tables":["*"]}]})"}) {
    EXPECT_FALSE(AccessPolicies::Parse(bad, "f.json").ok()) << bad;
  }
  auto missing = AccessPolicies::Load("/nonexistent/policies.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message().find("/nonexistent/policies.json"), std::string::npos);
}

TEST(AccessPolicyTest, TheJsonPathRefusesBeforeTheRequestRuns) {
  auto policies = std::make_shared<AccessPolicies>();
  policies->Add({.access_key_id = "admin", .user = "admin", .actions = {"*"}, .tables = {"*"}});
  policies->Add({.access_key_id = "ta",
                 .user = "tenant-a",
                 .actions = {"GetItem", "PutItem"},
                 .tables = {"items"},
                 .leading_keys = std::vector<std::string>{"a#*"}});
  Options options;
  options.in_memory = true;
  options.durability = Durability::kNone;
  options.shared_db = true;
  options.access_policies = policies;
  auto db = Database::Open(options);
  ASSERT_TRUE(db.ok());
  const RequestContext admin{"admin", "us-east-1"};
  const RequestContext tenant{"ta", "us-east-1"};
  ASSERT_EQ((*db)->Call("CreateTable", kHashRangeTable, admin).http_status, 200);
  const std::string own = R"({"TableName":"items","Item":{"pk":{"S":"a#1"},"sk":{"N":"1"}}})";
  const std::string other = R"({"TableName":"items","Item":{"pk":{"S":"b#1"},"sk":{"N":"1"}}})";
  EXPECT_EQ((*db)->Call("PutItem", own, tenant).http_status, 200);
  Response r = (*db)->Call("PutItem", other, tenant);
  ASSERT_EQ(r.http_status, 400);
  rapidjson::Document doc = ParseJson(r.body);
  EXPECT_STREQ(doc["__type"].GetString(), "com.amazon.coral.service#AccessDeniedException");
  EXPECT_EQ(ParseError(r).message,  // Message or message, as the envelope spells it
            "User: arn:aws:iam::000000000000:user/tenant-a is not authorized to perform: "
            "dynamodb:PutItem on resource: arn:aws:dynamodb:us-east-1:000000000000:table/items "
            "because no identity-based policy allows the dynamodb:PutItem action");
  EXPECT_EQ((*db)
                ->Call("GetItem",
                       R"({"TableName":"items","Key":{"pk":{"S":"b#1"},"sk":{"N":"1"}}})", admin)
                .body,
            "{}");  // nothing was written
  // An action outside the policy, and a key with no policy at all.
  EXPECT_EQ(ParseError((*db)->Call("DeleteTable", R"({"TableName":"items"})", tenant)).type,
            "AccessDeniedException");
  Response unknown = (*db)->Call("ListTables", "{}", RequestContext{"nobody", "us-east-1"});
  EXPECT_EQ(ParseError(unknown).message,
            "User: arn:aws:iam::000000000000:user/nobody is not authorized to perform: "
            "dynamodb:ListTables on resource: arn:aws:dynamodb:us-east-1:000000000000:table/* "
            "because no identity-based policy allows the dynamodb:ListTables action");
}

}  // namespace access_policy_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
