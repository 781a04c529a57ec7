// The table definition and its creation.
#include "hrcore/table.h"

#include "hrcore/keys.h"

namespace hrcore {

std::string TableNameForStage(const std::string& stage) { return "acme-hr-" + stage; }

ddbemu::CreateTableRequest HrTableDefinition(const std::string& table_name) {
  using ddbemu::KeyType;
  using ddbemu::ScalarAttributeType;
  ddbemu::CreateTableRequest request{
      .table_name = table_name,
      .attribute_definitions = {{std::string(keys::kPK), ScalarAttributeType::kS},
                                {std::string(keys::kSK), ScalarAttributeType::kS},
                                {std::string(keys::kGsi1Pk), ScalarAttributeType::kS},
                                {std::string(keys::kGsi1Sk), ScalarAttributeType::kS}},
      .key_schema = {{std::string(keys::kPK), KeyType::kHash},
                     {std::string(keys::kSK), KeyType::kRange}},
      .billing_mode = ddbemu::BillingMode::kPayPerRequest,
  };
  request.global_secondary_indexes.push_back(ddbemu::GlobalSecondaryIndex{
      .index_name = std::string(keys::kGsi1),
      .key_schema = {{std::string(keys::kGsi1Pk), KeyType::kHash},
                     {std::string(keys::kGsi1Sk), KeyType::kRange}},
      .projection = {.projection_type = ddbemu::ProjectionType::kAll},
  });
  return request;
}

Status CreateHrTable(ddbemu::Client& client, const std::string& table_name, bool if_missing) {
  auto created = client.CreateTable(HrTableDefinition(table_name));
  if (created.ok()) return {};
  if (if_missing && created.error().code() == ddbemu::ErrorCode::kResourceInUse) return {};
  return Error::Backend(std::move(created).error());
}

}  // namespace hrcore
