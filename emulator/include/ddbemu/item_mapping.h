// A C++ struct as an item: declare its fields once, then put and get it.
//
//   struct Employee {
//     std::string pk, sk, name;
//     std::int64_t age = 0;
//     std::optional<std::string> manager;  // absent from the item while empty
//     std::vector<std::string> skills;     // an SS, absent while empty
//   };
//   DDBEMU_ITEM_FIELDS(Employee, pk, sk, name, age, manager, skills)
//
//   client.PutItem({.table_name = "Staff", .item = ddbemu::ToItem(e)});
//   ddbemu::Result<Employee> back = ddbemu::FromItem<Employee>(*got->item);
//
// The macro goes beside the struct (same namespace: it is found by argument-dependent lookup)
// and names every data member in declaration order, which the compiler checks: the fields are
// bound with a structured binding, so a list that leaves a member out does not compile. Boost
// 1.74 has no Describe, hence a macro. A field's attribute is named as the member.
//
// Field types: what ddbemu::Value takes (text is S, integers and floating point N, bool BOOL),
// AttributeValue, Item (M), AttributeList (L), std::vector<std::string> (SS), another struct
// with DDBEMU_ITEM_FIELDS (M), and std::optional of any of them (absent while nullopt).
// FromItem fails with a ValidationException naming the first attribute that is missing (unless
// optional) or of another type; attributes the struct does not name are ignored.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/document.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

// Declares `Type`'s fields, in declaration order, for ToItem and FromItem.
#define DDBEMU_ITEM_FIELDS(Type, ...)                                                   \
  [[maybe_unused]] inline constexpr std::string_view DdbemuItemFieldList(const Type*) { \
    return #__VA_ARGS__;                                                                \
  }                                                                                     \
  [[maybe_unused]] inline auto DdbemuItemFieldRefs(Type& value) {                       \
    auto& [__VA_ARGS__] = value;                                                        \
    return std::tie(__VA_ARGS__);                                                       \
  }                                                                                     \
  [[maybe_unused]] inline auto DdbemuItemFieldRefs(const Type& value) {                 \
    const auto& [__VA_ARGS__] = value;                                                  \
    return std::tie(__VA_ARGS__);                                                       \
  }

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

namespace detail {

template <class T>
concept MappedStruct = requires(const T& t) {
  DdbemuItemFieldList(&t);
};

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};

// The names of DDBEMU_ITEM_FIELDS's list ("pk, sk, name"), the i-th of them.
constexpr std::string_view FieldName(std::string_view list, std::size_t i) {
  for (; i > 0; --i) list = list.substr(std::min(list.find(','), list.size() - 1) + 1);
  const std::size_t start = list.find_first_not_of(" \t\n");
  list = list.substr(start == std::string_view::npos ? list.size() : start);
  return list.substr(0, std::min(list.find_first_of(", \t\n"), list.size()));
}

template <class F>
std::optional<AttributeValue> FieldToValue(const F& field);

template <class F>
bool FieldFromValue(const AttributeValue& value, F& field);

}  // namespace detail

// `value` as an item: one attribute per field (optionals absent while empty, empty string sets
// absent, as the service keeps no empty set).
template <detail::MappedStruct T>
Item ToItem(const T& value) {
  Item item;
  constexpr std::string_view kList = DdbemuItemFieldList(static_cast<const T*>(nullptr));
  auto fields = DdbemuItemFieldRefs(value);
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (
        (void)[&] {
          if (auto v = detail::FieldToValue(std::get<I>(fields))) {
            item.insert_or_assign(std::string(detail::FieldName(kList, I)), *std::move(v));
          }
        }(),
        ...);
  }
  (std::make_index_sequence<std::tuple_size_v<decltype(fields)>>{});
  return item;
}

// `item` as a T; a ValidationException names the first missing or mistyped attribute.
template <detail::MappedStruct T>
Result<T> FromItem(const Item& item) {
  T value{};
  constexpr std::string_view kList = DdbemuItemFieldList(static_cast<const T*>(nullptr));
  auto fields = DdbemuItemFieldRefs(value);
  std::string failure;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (
        (void)[&] {
          if (!failure.empty()) return;
          const std::string_view name = detail::FieldName(kList, I);
          auto& field = std::get<I>(fields);
          using F = std::remove_reference_t<decltype(field)>;
          const AttributeValue* v = item.get(name);
          if (v == nullptr) {
            if (!detail::IsOptional<F>::value && !std::is_same_v<F, std::vector<std::string>>) {
              failure = "the item has no attribute \"" + std::string(name) + "\"";
            }
            return;
          }
          if (!detail::FieldFromValue(*v, field)) {
            failure = "attribute \"" + std::string(name) + "\" is a " +
                      std::string(TypeDescriptor(v->type())) + ", which the field cannot hold";
          }
        }(),
        ...);
  }
  (std::make_index_sequence<std::tuple_size_v<decltype(fields)>>{});
  if (!failure.empty()) return ApiError(ErrorCode::kValidation, std::move(failure));
  return value;
}

namespace detail {

template <class F>
std::optional<AttributeValue> FieldToValue(const F& field) {
  if constexpr (IsOptional<F>::value) {
    if (!field) return std::nullopt;
    return FieldToValue(*field);
  } else if constexpr (std::is_same_v<F, AttributeValue>) {
    return field;
  } else if constexpr (std::is_same_v<F, Item>) {
    return AttributeValue::M(field);
  } else if constexpr (std::is_same_v<F, AttributeList>) {
    return AttributeValue::L(field);
  } else if constexpr (std::is_same_v<F, std::vector<std::string>>) {
    if (field.empty()) return std::nullopt;
    return AttributeValue::SS(field);
  } else if constexpr (MappedStruct<F>) {
    return AttributeValue::M(ToItem(field));
  } else {
    static_assert(std::is_constructible_v<Value, const F&>,
                  "DDBEMU_ITEM_FIELDS: a field of a type an attribute value cannot hold");
    return Value(field).value();
  }
}

template <class F>
bool FieldFromValue(const AttributeValue& value, F& field) {
  if constexpr (IsOptional<F>::value) {
    typename F::value_type inner{};
    if (!FieldFromValue(value, inner)) return false;
    field = std::move(inner);
    return true;
  } else if constexpr (MappedStruct<F>) {
    const AttributeMap* map = value.as_map();
    if (map == nullptr) return false;
    Result<F> nested = FromItem<F>(*map);
    if (!nested.ok()) return false;
    field = std::move(nested).value();
    return true;
  } else if constexpr (std::is_same_v<F, std::string_view> || std::is_same_v<F, const char*>) {
    static_assert(sizeof(F) == 0, "DDBEMU_ITEM_FIELDS: a text field is a std::string");
  } else {
    std::optional<F> got = As<F>(value);
    if (!got) return false;
    field = *std::move(got);
    return true;
  }
}

}  // namespace detail

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
