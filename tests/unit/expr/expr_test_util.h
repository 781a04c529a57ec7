// Helpers for the expr/ tests: value builders, the placeholder pool the recorded cases use, and
// a one-call "validate this expression as the service would" function. Header-only: the test
// build compiles the *_test.cc files of this folder.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"
#include "expr/expression_context.h"
#include "expr/expressions.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr::testing {

inline AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
inline AttributeValue N(std::string canonical) { return AttributeValue::N(std::move(canonical)); }
inline AttributeValue B(std::string bytes) { return AttributeValue::B(std::move(bytes)); }
inline AttributeValue Bool(bool b) { return AttributeValue::Bool(b); }
inline AttributeValue Null() { return AttributeValue::Null(); }
inline AttributeValue L(AttributeList l) { return AttributeValue::L(std::move(l)); }
inline AttributeValue M(AttributeMap m) { return AttributeValue::M(std::move(m)); }
inline AttributeValue SS(std::vector<std::string> s) { return AttributeValue::SS(std::move(s)); }
inline AttributeValue NS(std::vector<std::string> s) { return AttributeValue::NS(std::move(s)); }
inline AttributeValue BS(std::vector<std::string> s) { return AttributeValue::BS(std::move(s)); }

// The placeholders an expression refers to, taken from a fixed pool: every ":x" of the pool
// that occurs in the text becomes an ExpressionAttributeValues entry, every "#x" other than
// "#undef" maps to the name "nm" + x. The recorded cases of malformed_expressions_test.cc were
// sent to DynamoDB Local with exactly these maps (the recorder's pool.py mirrors this).
// An Item from DynamoDB JSON ({"a": {"S": "x"}}); fails the test on malformed input.
inline Item ItemFromJsonText(std::string_view json) {
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  if (doc.HasParseError()) return Item{{"<bad json>", AttributeValue::S(std::string(json))}};
  Result<Item> item = ItemFromJson(doc);
  if (!item.ok()) return Item{{"<bad item>", AttributeValue::S(item.error().message())}};
  return std::move(item).value();
}

// DynamoDB JSON of an item, for readable failure messages.
inline std::string ItemToJsonText(const Item& item) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  WriteItem(item, writer);
  return buffer.GetString();
}

// The placeholders `text` uses, from `pool` (values) and the "#x" -> "nm" + x rule (names).
Item ValuesFor(std::string_view text, const Item& pool);
AttributeNames NamesFor(std::string_view text);

struct Placeholders {
  AttributeNames names;
  Item values;
};

namespace detail {

inline bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

inline const Item& Pool() {
  static const Item* pool = new Item{
      {":v", S("x")},
      {":w", S("y")},
      {":n", N("1")},
      {":n2", N("2")},
      {":b", B(std::string(1, '\0'))},
      {":l", L({S("q")})},
      {":m", M({})},
      {":ss", SS({"a"})},
      {":ns", NS({"1"})},
      {":bs", BS({std::string(1, '\0')})},
      {":t", Bool(true)},
      {":nul", Null()},
      {":typ", S("SS")},
      {":typ2", S("BOOL")},
      {":typ3", S("bool")},
      {":e", S("")},
  };
  return *pool;
}

inline std::string Message(const Status& s) { return s.ok() ? "" : s.error().message(); }

}  // namespace detail

inline Item ValuesFor(std::string_view text, const Item& pool) {
  Item values;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != ':') continue;
    std::size_t end = i + 1;
    while (end < text.size() && detail::IsWordChar(text[end])) ++end;
    const auto it = pool.find(text.substr(i, end - i));
    if (it != pool.end()) values.insert(*it);
  }
  return values;
}

inline AttributeNames NamesFor(std::string_view text) {
  AttributeNames names;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '#') continue;
    std::size_t end = i + 1;
    while (end < text.size() && detail::IsWordChar(text[end])) ++end;
    const std::string token(text.substr(i, end - i));
    if (token.size() > 1 && token != "#undef") names[token] = "nm" + token.substr(1);
  }
  return names;
}

inline Placeholders PlaceholdersFor(std::string_view text, bool with_values = true) {
  Placeholders p;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != ':' && text[i] != '#') continue;
    std::size_t end = i + 1;
    while (end < text.size() && detail::IsWordChar(text[end])) ++end;
    if (end == i + 1) continue;
    const std::string token(text.substr(i, end - i));
    if (token[0] == '#') {
      if (token != "#undef") p.names[token] = "nm" + token.substr(1);
    } else if (with_values) {
      const auto it = detail::Pool().find(token);
      if (it != detail::Pool().end()) p.values[token] = it->second;
    }
    i = end - 1;
  }
  return p;
}

// Parses and binds `text` as the service validates a request carrying it, then applies the
// unused-placeholder rule. Returns "" when the expression is valid, else the error message.
// Either map may be null.
inline std::string Validate(ExpressionKind kind, std::string_view text, const AttributeNames* names,
                            const Item* values) {
  ExpressionContext context(names, values);
  switch (kind) {
    case ExpressionKind::kUpdate: {
      Result<UpdateExpression> parsed = ParseUpdate(text);
      if (!parsed.ok()) return parsed.error().message();
      Result<UpdateExpression> bound = BindUpdate(*parsed, context);
      if (!bound.ok()) return bound.error().message();
      break;
    }
    case ExpressionKind::kProjection: {
      Result<ProjectionExpression> parsed = ParseProjection(text);
      if (!parsed.ok()) return parsed.error().message();
      Result<ProjectionExpression> bound = BindProjection(*parsed, context);
      if (!bound.ok()) return bound.error().message();
      break;
    }
    default: {
      Result<Condition> parsed = ParseCondition(text, kind);
      if (!parsed.ok()) return parsed.error().message();
      Result<Condition> bound = BindCondition(*parsed, kind, context);
      if (!bound.ok()) return bound.error().message();
      break;
    }
  }
  return detail::Message(context.CheckAllUsed());
}

// The same with the pool's placeholders for `text`.
inline std::string Validate(ExpressionKind kind, std::string_view text) {
  const Placeholders p = PlaceholdersFor(text, kind != ExpressionKind::kProjection);
  return Validate(kind, text, p.names.empty() ? nullptr : &p.names,
                  p.values.empty() ? nullptr : &p.values);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr::testing
