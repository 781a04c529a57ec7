// The fixture of the PartiQL execution tests: a Database on a virtual clock with throttling on
// (the default), driven through Database::Call as a client drives it, with the tables of the
// batch tests (tests/unit/ops/batch_fixture.h) and AWS's "Music" table of the PartiQL reference.
#pragma once

#include "../ops/batch_fixture.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql_test {

using batch_test::ParseError;
using batch_test::ToJson;

class PartiqlFixture : public batch_test::BatchFixture {
 protected:
  void SetUp() override {
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.clock = clock_;
    auto db = Database::Open(options);  // throttling on, as every client sees it
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(db).value();
    CreateTables();
    Ok("CreateTable", R"j({"TableName":"Music","BillingMode":"PAY_PER_REQUEST",
        "KeySchema":[{"AttributeName":"Artist","KeyType":"HASH"},
                     {"AttributeName":"SongTitle","KeyType":"RANGE"}],
        "AttributeDefinitions":[{"AttributeName":"Artist","AttributeType":"S"},
                                {"AttributeName":"SongTitle","AttributeType":"S"}]})j");
  }

  // ExecuteStatement of `statement` with the JSON `extra` members (",\"Limit\":2").
  Response Execute(const std::string& statement, const std::string& extra = "") {
    rapidjson::StringBuffer b;
    rapidjson::Writer<rapidjson::StringBuffer> w(b);
    w.String(statement.c_str());
    return Call("ExecuteStatement", std::string(R"({"Statement":)") + b.GetString() + extra + "}");
  }
  rapidjson::Document ExecuteOk(const std::string& statement, const std::string& extra = "") {
    Response r = Execute(statement, extra);
    EXPECT_EQ(r.http_status, 200) << statement << " -> " << r.body;
    return batch_test::Parse(r.body);
  }
  // "TYPE: message" of a failed statement.
  std::string ExecuteError(const std::string& statement, const std::string& extra = "") {
    Response r = Execute(statement, extra);
    EXPECT_EQ(r.http_status, 400) << statement << " -> " << r.body;
    batch_test::ErrorOf e = ParseError(r.body);
    return e.type + ": " + e.message;
  }
  // The Items of a successful statement, as JSON.
  std::string Items(const std::string& statement, const std::string& extra = "") {
    rapidjson::Document doc = ExecuteOk(statement, extra);
    return doc.HasMember("Items") ? ToJson(doc["Items"]) : "<none>";
  }
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql_test
