// Helpers for reading response bodies (json_codec.h): members looked up by name, attribute
// maps decoded by the value layer, and a protocol error for anything of the wrong JSON type.
#pragma once

#include <rapidjson/document.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/model/common.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {

using Json = rapidjson::Value;

// The API names of the enums that several families' responses carry (index = enum value).
inline constexpr std::string_view kKeyTypeNames[] = {"HASH", "RANGE"};
inline constexpr std::string_view kBillingModeNames[] = {"PROVISIONED", "PAY_PER_REQUEST"};

// The error for a body that breaks the protocol: InternalServerError naming `what`.
ApiError Malformed(std::string_view what);

// Parses `body` into `doc`, which must be an object.
Status ParseObject(std::string_view body, rapidjson::Document& doc);

// The member `name` of `object`, or null when absent (or JSON null).
const Json* Find(const Json& object, std::string_view name);

Result<std::optional<std::string>> OptString(const Json& object, std::string_view name);
Result<std::string> String(const Json& object, std::string_view name);  // "" when absent
Result<std::optional<std::int64_t>> OptInt(const Json& object, std::string_view name);
Result<std::int64_t> Int(const Json& object, std::string_view name);  // 0 when absent
Result<std::optional<double>> OptDouble(const Json& object, std::string_view name);
Result<std::optional<bool>> OptBool(const Json& object, std::string_view name);
Result<std::vector<std::string>> Strings(const Json& object, std::string_view name);

// An attribute map member (Item, Key, Attributes, LastEvaluatedKey...).
Result<std::optional<Item>> OptItem(const Json& object, std::string_view name);
// A list of attribute maps (Items, Keys).
Result<std::vector<Item>> Items(const Json& object, std::string_view name);

// ConsumedCapacity: one object, or the list the multi-table operations answer.
Result<ConsumedCapacity> ConsumedCapacityFrom(const Json& json);
Result<std::optional<ConsumedCapacity>> OptConsumedCapacity(const Json& object);
Result<std::vector<ConsumedCapacity>> ConsumedCapacityList(const Json& object);

// ItemCollectionMetrics: one object, or the per-table map.
Result<ItemCollectionMetrics> ItemCollectionMetricsFrom(const Json& json);
Result<std::optional<ItemCollectionMetrics>> OptItemCollectionMetrics(const Json& object);
Result<std::map<std::string, std::vector<ItemCollectionMetrics>>> ItemCollectionMetricsMap(
    const Json& object);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
