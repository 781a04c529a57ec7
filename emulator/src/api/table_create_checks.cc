// CreateTable's operation-specific validation. Order and wording follow the service: dynalite's
// createTable validation and tests (recorded against DynamoDB) for the classic rules, and
// probes of the current service for the rules added since (multi-attribute GSI keys, on-demand
// and warm throughput, tags, duplicate and unused attribute definitions).
#include "api/table_checks.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {
namespace {

constexpr std::string_view kPayPerRequest = "PAY_PER_REQUEST";
// On-demand tables start able to serve this much at once; a lower WarmThroughput is refused
// (Developer Guide, "Initial throughput for on-demand capacity mode").
constexpr std::int64_t kInitialOnDemandReads = 12000;
constexpr std::int64_t kInitialOnDemandWrites = 4000;
constexpr std::string_view kInitialThroughputDoc =
    " See: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
    "on-demand-capacity-mode.html#on-demand-capacity-mode-initial";

// KeySchema and AttributeDefinitions left the model's required list when CreateTable gained
// GlobalTableSourceArn; the service still reports them missing in the model's own words.
Status CheckRequiredMembers(const CreateTableRequest& request) {
  std::vector<std::string> errors;
  if (!request.attribute_definitions) errors.push_back("attributeDefinitions");
  if (!request.key_schema) errors.push_back("keySchema");
  if (errors.empty()) return Status::Ok();
  std::string message =
      std::to_string(errors.size()) +
      (errors.size() == 1 ? " validation error detected: " : " validation errors detected: ");
  for (std::size_t i = 0; i < errors.size(); ++i) {
    if (i > 0) message += "; ";
    message +=
        "Value null at '" + errors[i] + "' failed to satisfy constraint: Member must not be null";
  }
  return ApiError::Validation(message);
}

Status CheckKeySchemaLengths(const CreateTableRequest& request) {
  DDBEMU_RETURN_IF_ERROR(CheckKeySchemaLength(*request.key_schema, "keySchema"));
  if (!request.local_secondary_indexes) return Status::Ok();
  for (std::size_t i = 0; i < request.local_secondary_indexes->size(); ++i) {
    DDBEMU_RETURN_IF_ERROR(CheckKeySchemaLength(
        (*request.local_secondary_indexes)[i].key_schema,
        "localSecondaryIndexes." + std::to_string(i + 1) + ".member.keySchema"));
  }
  return Status::Ok();
}

std::string OnDemandMember(const OnDemandRequest& odt) {
  return odt.max_read_request_units ? "MaxReadRequestUnits" : "MaxWriteRequestUnits";
}

bool HasMember(const OnDemandRequest& odt) {
  return odt.max_read_request_units || odt.max_write_request_units;
}

// OnDemandThroughput maxima are positive at creation (-1, "no maximum", only clears one later).
Status CheckOnDemandRange(const OnDemandRequest& odt, std::string_view owner) {
  if (odt.max_read_request_units && *odt.max_read_request_units < 1) {
    return InvalidParameter("Requested MaxReadRequestUnits for OnDemandThroughput for " +
                            std::string(owner) + " is outside of valid range");
  }
  if (odt.max_write_request_units && *odt.max_write_request_units < 1) {
    return InvalidParameter("Requested MaxWriteRequestUnits for OnDemandThroughput for " +
                            std::string(owner) + " is outside of valid range");
  }
  return Status::Ok();
}

Status CheckWarmThroughput(const CreateTableRequest& request, bool pay_per_request) {
  if (!request.warm_throughput) return Status::Ok();
  const WarmThroughputRequest& warm = *request.warm_throughput;
  if (pay_per_request) {
    if (warm.read_units_per_second && *warm.read_units_per_second < kInitialOnDemandReads) {
      return InvalidParameter(
          "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than initial "
          "throughput for OnDemand." +
          std::string(kInitialThroughputDoc));
    }
    if (warm.write_units_per_second && *warm.write_units_per_second < kInitialOnDemandWrites) {
      return InvalidParameter(
          "Requested WriteUnitsPerSecond for WarmThroughput for table is lower than initial "
          "throughput for OnDemand." +
          std::string(kInitialThroughputDoc));
    }
    return Status::Ok();
  }
  const ThroughputRequest& pt = *request.provisioned_throughput;
  if (warm.read_units_per_second && *warm.read_units_per_second < *pt.read_capacity_units) {
    return InvalidParameter(
        "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than "
        "ReadCapacityUnits of ProvisionedThroughput");
  }
  if (warm.write_units_per_second && *warm.write_units_per_second < *pt.write_capacity_units) {
    return InvalidParameter(
        "Requested WriteUnitsPerSecond for WarmThroughput for table is lower than "
        "WriteCapacityUnits of ProvisionedThroughput");
  }
  return Status::Ok();
}

// BillingMode against ProvisionedThroughput / OnDemandThroughput / WarmThroughput. No
// BillingMode means PROVISIONED (the API's default).
Status CheckBilling(const CreateTableRequest& request) {
  const bool pay_per_request = request.billing_mode == kPayPerRequest;
  if (pay_per_request) {
    if (request.provisioned_throughput) {
      return InvalidParameter(
          "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when "
          "BillingMode is PAY_PER_REQUEST");
    }
    if (request.on_demand_throughput)
      DDBEMU_RETURN_IF_ERROR(CheckOnDemandRange(*request.on_demand_throughput, "table"));
    return CheckWarmThroughput(request, true);
  }
  const auto& pt = request.provisioned_throughput;
  if (!pt || !pt->read_capacity_units || !pt->write_capacity_units) {
    return InvalidParameter(
        "ReadCapacityUnits and WriteCapacityUnits must both be specified when "
        "BillingMode is PROVISIONED");
  }
  DDBEMU_RETURN_IF_ERROR(CheckThroughputBounds(*pt));
  if (request.on_demand_throughput && HasMember(*request.on_demand_throughput)) {
    return InvalidParameter(
        OnDemandMember(*request.on_demand_throughput) +
        " for OnDemandThroughput cannot be specified when table BillingMode is PROVISIONED.");
  }
  return CheckWarmThroughput(request, false);
}

Status CheckDuplicateDefinitions(const std::vector<AttributeDefinition>& definitions) {
  std::set<std::string_view> seen;
  for (const auto& d : definitions) {
    if (!seen.insert(d.attribute_name).second) {
      return ApiError::Validation("Attribute Name is duplicated: " + d.attribute_name);
    }
  }
  return Status::Ok();
}

void AppendKeyNames(const std::vector<KeySchemaElement>& key_schema,
                    std::vector<std::string>* out) {
  for (const auto& e : key_schema) out->push_back(e.attribute_name);
}

// Every attribute definition must be used by some key schema. Without indexes the service
// compares counts; with indexes it names the unused definitions' context.
Status CheckUnusedDefinitions(const CreateTableRequest& request) {
  const auto& definitions = *request.attribute_definitions;
  const bool has_indexes =
      request.local_secondary_indexes || request.global_secondary_indexes || request.vector_indexes;
  if (!has_indexes) {
    if (definitions.size() == request.key_schema->size()) return Status::Ok();
    return InvalidParameter(
        "Number of attributes in KeySchema does not exactly match number of attributes "
        "defined in AttributeDefinitions");
  }
  std::vector<std::string> used;
  AppendKeyNames(*request.key_schema, &used);
  for (const auto* list : {&request.local_secondary_indexes, &request.global_secondary_indexes}) {
    if (!*list) continue;
    for (const auto& index : **list) AppendKeyNames(index.key_schema, &used);
  }
  if (request.vector_indexes) {  // SearchSchema attributes are declared like keys
    for (const auto& index : *request.vector_indexes) {
      if (!index.search_schema) continue;
      for (const auto& element : *index.search_schema) used.push_back(element.attribute_name);
    }
  }
  std::vector<std::string> defined;
  bool unused = false;
  for (const auto& d : definitions) {
    defined.push_back(d.attribute_name);
    unused |= std::find(used.begin(), used.end(), d.attribute_name) == used.end();
  }
  if (!unused) return Status::Ok();
  return InvalidParameter(
      "Some AttributeDefinitions are not used. AttributeDefinitions: " + BracketList(defined) +
      ", keys used: " + BracketList(JavaHashSetOrder(used)));
}

Status CheckUniqueIndexName(const std::string& name, std::set<std::string>* names) {
  if (names->insert(name).second) return Status::Ok();
  return InvalidParameter("Duplicate index name: " + name);
}

Status CheckLocalIndexes(const CreateTableRequest& request, std::set<std::string>* names) {
  if (!request.local_secondary_indexes) return Status::Ok();
  const auto& indexes = *request.local_secondary_indexes;
  if (indexes.empty()) return InvalidParameter("List of LocalSecondaryIndexes is empty");
  if (request.key_schema->size() != 2) {
    return InvalidParameter(
        "Table KeySchema does not have a range key, which is required when specifying a "
        "LocalSecondaryIndex");
  }
  for (const auto& index : indexes) {
    DDBEMU_RETURN_IF_ERROR(
        CheckLsiKeySchema(index, *request.key_schema, *request.attribute_definitions));
    DDBEMU_RETURN_IF_ERROR(CheckProjection(index.projection));
    DDBEMU_RETURN_IF_ERROR(CheckUniqueIndexName(index.index_name, names));
  }
  if (indexes.size() > kMaxLocalSecondaryIndexes) {
    return InvalidParameter("Number of LocalSecondaryIndexes exceeds per-table limit of 5");
  }
  return Status::Ok();
}

Status CheckGlobalIndexes(const CreateTableRequest& request, std::set<std::string>* names) {
  if (!request.global_secondary_indexes) return Status::Ok();
  const auto& indexes = *request.global_secondary_indexes;
  if (indexes.empty()) return InvalidParameter("List of GlobalSecondaryIndexes is empty");
  const bool pay_per_request = request.billing_mode == kPayPerRequest;
  for (const auto& index : indexes) {
    DDBEMU_RETURN_IF_ERROR(CheckGsiKeySchema(index.key_schema, *request.attribute_definitions));
    DDBEMU_RETURN_IF_ERROR(CheckProjection(index.projection));
    DDBEMU_RETURN_IF_ERROR(ValidateGsiThroughput(index, pay_per_request));
    DDBEMU_RETURN_IF_ERROR(CheckUniqueIndexName(index.index_name, names));
  }
  if (indexes.size() > kMaxGlobalSecondaryIndexes) {
    return InvalidParameter("GlobalSecondaryIndex count exceeds the per-table limit of 20");
  }
  return Status::Ok();
}

// "You can project a total of up to 100 attributes into all of a table's local and global
// secondary indexes" (an attribute projected into two indexes counts twice).
Status CheckProjectedAttributeTotal(const CreateTableRequest& request) {
  std::size_t total = 0;
  for (const auto* list : {&request.local_secondary_indexes, &request.global_secondary_indexes}) {
    if (!*list) continue;
    for (const auto& index : **list) {
      if (index.projection.non_key_attributes) total += index.projection.non_key_attributes->size();
    }
  }
  if (total <= kMaxProjectedAttributes) return Status::Ok();
  return InvalidParameter(
      "The number of projected attributes across all secondary indexes exceeds the limit of " +
      std::to_string(kMaxProjectedAttributes));
}

}  // namespace

Status ValidateGsiThroughput(const SecondaryIndexRequest& index, bool pay_per_request) {
  if (pay_per_request) {
    if (index.provisioned_throughput) {
      return InvalidParameter("ProvisionedThroughput should not be specified for index: " +
                              index.index_name + " when BillingMode is PAY_PER_REQUEST");
    }
    if (index.on_demand_throughput) {
      DDBEMU_RETURN_IF_ERROR(
          CheckOnDemandRange(*index.on_demand_throughput, "index : " + index.index_name));
    }
    const auto& warm = index.warm_throughput;
    if (warm &&
        ((warm->read_units_per_second && *warm->read_units_per_second < kInitialOnDemandReads) ||
         (warm->write_units_per_second &&
          *warm->write_units_per_second < kInitialOnDemandWrites))) {
      const char* member =
          warm->read_units_per_second && *warm->read_units_per_second < kInitialOnDemandReads
              ? "ReadUnitsPerSecond"
              : "WriteUnitsPerSecond";
      return InvalidParameter(std::string("Requested ") + member +
                              " for WarmThroughput for index " + index.index_name +
                              " is lower than initial throughput for OnDemand");
    }
    return Status::Ok();
  }
  if (!index.provisioned_throughput) {
    return InvalidParameter("ProvisionedThroughput is not specified for index: " +
                            index.index_name);
  }
  if (index.on_demand_throughput && HasMember(*index.on_demand_throughput)) {
    return InvalidParameter(OnDemandMember(*index.on_demand_throughput) +
                            " for OnDemandThroughput for index: " + index.index_name +
                            " cannot be specified when table BillingMode is PROVISIONED.");
  }
  return Status::Ok();
}

Status ValidateCreateTable(const CreateTableRequest& request) {
  DDBEMU_RETURN_IF_ERROR(CheckRequiredMembers(request));
  DDBEMU_RETURN_IF_ERROR(CheckKeySchemaLengths(request));
  DDBEMU_RETURN_IF_ERROR(CheckBilling(request));
  DDBEMU_RETURN_IF_ERROR(CheckDuplicateDefinitions(*request.attribute_definitions));
  DDBEMU_RETURN_IF_ERROR(CheckTableKeySchema(*request.key_schema, *request.attribute_definitions));
  DDBEMU_RETURN_IF_ERROR(CheckUnusedDefinitions(request));
  std::set<std::string> index_names;
  DDBEMU_RETURN_IF_ERROR(CheckLocalIndexes(request, &index_names));
  DDBEMU_RETURN_IF_ERROR(CheckGlobalIndexes(request, &index_names));
  DDBEMU_RETURN_IF_ERROR(CheckCreateTableVectorIndexes(request, &index_names));
  DDBEMU_RETURN_IF_ERROR(CheckProjectedAttributeTotal(request));
  if (request.tags) DDBEMU_RETURN_IF_ERROR(ValidateTags(*request.tags));
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
