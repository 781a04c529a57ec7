// The table the typed benchmarks read, in process and over HTTP: "acme-hr", `partitions`
// partitions (ORG#1000, ORG#1001, …) of `per_partition` small HR employee items each
// (EMP#100000, …), on-demand. One definition, so that the embedded and the HTTP figures are
// for the same items and read side by side.
#pragma once

#include <cstdlib>
#include <string>

#include "ddbemu/client.h"

namespace bench {

inline constexpr const char* kEmployeeTable = "acme-hr";

inline ddbemu::AttributeValue S(std::string s) { return ddbemu::AttributeValue::S(std::move(s)); }
inline std::string Org(int p) { return "ORG#" + std::to_string(1000 + p); }
inline std::string Emp(int i) { return "EMP#" + std::to_string(100000 + i); }

// Creates the table and writes its items; a benchmark without its data is meaningless, so any
// failure aborts.
inline void SeedEmployeeTable(ddbemu::Client& client, int partitions, int per_partition) {
  auto created = client.CreateTable(
      {.table_name = kEmployeeTable,
       .attribute_definitions = {{"PK", ddbemu::ScalarAttributeType::kS},
                                 {"SK", ddbemu::ScalarAttributeType::kS}},
       .key_schema = {{"PK", ddbemu::KeyType::kHash}, {"SK", ddbemu::KeyType::kRange}},
       .billing_mode = ddbemu::BillingMode::kPayPerRequest});
  if (!created.ok()) std::abort();
  for (int p = 0; p < partitions; ++p) {
    for (int i = 0; i < per_partition; ++i) {
      ddbemu::Item item{{"PK", S(Org(p))},
                        {"SK", S(Emp(i))},
                        {"firstName", S("Ada")},
                        {"lastName", S("Lovelace")},
                        {"email", S("ada" + std::to_string(p * per_partition + i) + "@x.org")},
                        {"role", S("employee")},
                        {"status", S("active")},
                        {"version", ddbemu::AttributeValue::N("1")}};
      if (!client.PutItem({.table_name = kEmployeeTable, .item = std::move(item)}).ok()) {
        std::abort();
      }
    }
  }
}

}  // namespace bench
