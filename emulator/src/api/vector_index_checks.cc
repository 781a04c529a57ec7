// The checks of CreateTable's VectorIndexes and UpdateTable's VectorIndexUpdates that need no
// table state (table_checks.h). The rules are the Developer Guide's ("Creating and searching
// vector indexes", "Requirements and limitations", the vector index quotas) and the behaviour
// characterised against DynamoDB by ScyllaDB's test/alternator/test_vector.py (2026): names as
// for other indexes, at most 5 per table, Dimensions 1..4096 (the model's range), one HASH and
// up to 18 INLINE_FILTER SearchSchema elements declared in AttributeDefinitions as S, N or B, no
// attribute twice, the vector attribute no key of the table or its indexes, one Dimensions per
// vector attribute, up to 20 projected attributes counting the vector attribute and the inline
// filters, on-demand tables only.
#include <algorithm>
#include <set>

#include "api/table_checks.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {
namespace {

const AttributeDefinition* FindDefinition(const std::vector<AttributeDefinition>& definitions,
                                          std::string_view name) {
  for (const auto& d : definitions)
    if (d.attribute_name == name) return &d;
  return nullptr;
}

Status CheckSearchSchema(const VectorIndexRequest& index,
                         const std::vector<AttributeDefinition>& definitions) {
  if (!index.search_schema) return Status::Ok();
  const auto& elements = *index.search_schema;
  if (elements.empty())
    return InvalidParameter("SearchSchema of vector index " + index.index_name + " is empty");
  std::set<std::string> seen;
  std::size_t hashes = 0, filters = 0;
  for (const SearchSchemaElementRequest& element : elements) {
    if (!seen.insert(element.attribute_name).second) {
      return InvalidParameter("Duplicate attribute in SearchSchema of vector index " +
                              index.index_name + ": " + element.attribute_name);
    }
    (element.element_type == "HASH" ? hashes : filters) += 1;
  }
  if (hashes > 1) {
    return InvalidParameter("SearchSchema of vector index " + index.index_name +
                            " can have at most one HASH element");
  }
  if (filters > kMaxVectorInlineFilters) {
    return InvalidParameter("SearchSchema of vector index " + index.index_name +
                            " can have at most " + std::to_string(kMaxVectorInlineFilters) +
                            " INLINE_FILTER elements");
  }
  for (const SearchSchemaElementRequest& element : elements) {
    if (FindDefinition(definitions, element.attribute_name) == nullptr) {
      return InvalidParameter(
          "One element in SearchSchema is not defined in attribute definitions");
    }
  }
  return Status::Ok();
}

// NonKeyAttributes, the vector attribute and each INLINE_FILTER element count towards the 20
// attributes a vector index projects (CreateTable's API reference; HASH elements do not).
Status CheckVectorProjection(const VectorIndexRequest& index) {
  DDBEMU_RETURN_IF_ERROR(CheckProjection(index.projection));
  std::size_t projected = 1;
  if (index.projection.non_key_attributes) projected += index.projection.non_key_attributes->size();
  if (index.search_schema) {
    for (const auto& element : *index.search_schema) projected += element.element_type != "HASH";
  }
  if (projected <= kMaxVectorProjectedAttributes) return Status::Ok();
  return InvalidParameter("The number of projected attributes of vector index " + index.index_name +
                          " exceeds the limit of " + std::to_string(kMaxVectorProjectedAttributes));
}

}  // namespace

ApiError VectorAttributeIsKey(std::string_view attribute) {
  return InvalidParameter("VectorAttribute '" + std::string(attribute) +
                          "' is a key attribute of the table or of a secondary index");
}

ApiError VectorDimensionsDiffer(std::string_view attribute) {
  return InvalidParameter("Vector indexes on the same VectorAttribute '" + std::string(attribute) +
                          "' must have the same Dimensions");
}

ApiError VectorIndexesNeedOnDemand() {
  return InvalidParameter(
      "Vector indexes are supported only on tables with BillingMode PAY_PER_REQUEST");
}

Status CheckVectorIndex(const VectorIndexRequest& index,
                        const std::vector<AttributeDefinition>& definitions,
                        const std::vector<std::string>& key_attributes) {
  if (index.dimensions < 1 || index.dimensions > kMaxVectorDimensions) {
    return InvalidParameter("Dimensions of vector index " + index.index_name +
                            " must be between 1 and " + std::to_string(kMaxVectorDimensions));
  }
  if (std::find(key_attributes.begin(), key_attributes.end(), index.vector_attribute) !=
      key_attributes.end()) {
    return VectorAttributeIsKey(index.vector_attribute);
  }
  DDBEMU_RETURN_IF_ERROR(CheckSearchSchema(index, definitions));
  return CheckVectorProjection(index);
}

Status CheckCreateTableVectorIndexes(const CreateTableRequest& request,
                                     std::set<std::string>* names) {
  if (!request.vector_indexes) return Status::Ok();
  const auto& indexes = *request.vector_indexes;
  if (indexes.empty()) return InvalidParameter("List of VectorIndexes is empty");
  if (request.billing_mode != "PAY_PER_REQUEST") return VectorIndexesNeedOnDemand();
  std::vector<std::string> keys;
  for (const auto& k : *request.key_schema) keys.push_back(k.attribute_name);
  for (const auto* list : {&request.local_secondary_indexes, &request.global_secondary_indexes}) {
    if (!*list) continue;
    for (const auto& index : **list)
      for (const auto& k : index.key_schema) keys.push_back(k.attribute_name);
  }
  for (const VectorIndexRequest& index : indexes) {
    DDBEMU_RETURN_IF_ERROR(CheckVectorIndex(index, *request.attribute_definitions, keys));
    if (!names->insert(index.index_name).second) {
      return InvalidParameter("Duplicate index name: " + index.index_name);
    }
    for (const VectorIndexRequest& other : indexes) {
      if (&other == &index) break;
      if (other.vector_attribute == index.vector_attribute &&
          other.dimensions != index.dimensions) {
        return VectorDimensionsDiffer(index.vector_attribute);
      }
    }
  }
  if (indexes.size() > kMaxVectorIndexes) {
    return InvalidParameter("VectorIndex count exceeds the per-table limit of " +
                            std::to_string(kMaxVectorIndexes));
  }
  return Status::Ok();
}

Status CheckVectorIndexUpdates(const UpdateTableRequest& request) {
  if (!request.vector_index_updates || request.vector_index_updates->empty()) return Status::Ok();
  const auto& updates = *request.vector_index_updates;
  for (const VectorIndexUpdateRequest& update : updates) {
    if (update.action_count() != 1) {
      return InvalidParameter(
          "Exactly one of VectorIndexUpdate.Create, VectorIndexUpdate.Delete must be specified");
    }
  }
  // As for GSIs: one online index operation per table and request, and not beside GSI updates.
  const bool gsi_updates =
      request.global_secondary_index_updates && !request.global_secondary_index_updates->empty();
  return CheckOnlineIndexOperations(request,
                                    static_cast<int>(updates.size()) + (gsi_updates ? 1 : 0));
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
