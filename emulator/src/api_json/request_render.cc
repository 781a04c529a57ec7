// How the service prints request values and types inside its messages. Its front end is
// Java: a constraint message shows the deserialized value's toString ("Value '[a, b]'",
// "Value '[KeySchemaElement(attributeName=pk, keyType=HASH)]'", a 2026 capture in
// nubo-db/dynamodb-conformance), and a type error names the Java type it expected.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "api_json/json_read.h"
#include "api_json/request_internal.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::request_internal {
namespace {

using api_model::Shape;
using api_model::ShapeKind;

constexpr std::string_view kJavaPackage = "com.amazonaws.dynamodb.v20120810.";
// AttributeValue is opaque to the tables; its members, in model order, for rendering only.
constexpr std::string_view kAttributeValueMembers[] = {"S",  "N", "B", "SS",   "NS",
                                                       "BS", "M", "L", "NULL", "BOOL"};
// Values nested deeper than this (only possible inside AttributeValues) are elided, so that a
// pathological request cannot make an error message unbounded in depth.
constexpr int kMaxRenderDepth = 32;

using api::json::View;

// A Blob as Java's ByteBuffer.toString shows it.
void AppendByteBuffer(const rapidjson::Value& v, std::string& out) {
  size_t bytes = 0;
  if (v.IsString()) {
    std::string_view text = View(v);
    size_t pad = 0;
    while (pad < 2 && pad < text.size() && text[text.size() - 1 - pad] == '=') ++pad;
    bytes = text.size() / 4 * 3 - pad;
  }
  std::string n = std::to_string(bytes);
  out.append("java.nio.HeapByteBuffer[pos=0 lim=").append(n).append(" cap=").append(n).append("]");
}

void AppendJson(const rapidjson::Value& v, std::string& out, int depth);

// An AttributeValue as its class's toString: every member, absent ones as null.
void AppendAttributeValue(const rapidjson::Value& v, std::string& out, int depth) {
  if (!v.IsObject()) return AppendJson(v, out, depth);
  out += "AttributeValue(";
  bool first = true;
  for (std::string_view member : kAttributeValueMembers) {
    if (!first) out += ", ";
    first = false;
    AppendLowerFirst(member, out);
    out += '=';
    auto it = v.FindMember(rapidjson::StringRef(member.data(), member.size()));
    if (it == v.MemberEnd() || it->value.IsNull()) {
      out += "null";
    } else if (member == "B") {
      AppendByteBuffer(it->value, out);
    } else if (member == "BS" && it->value.IsArray()) {
      out += '[';
      for (rapidjson::SizeType i = 0; i < it->value.Size(); ++i) {
        if (i > 0) out += ", ";
        AppendByteBuffer(it->value[i], out);
      }
      out += ']';
    } else if ((member == "M" || member == "L") && depth < kMaxRenderDepth) {
      const rapidjson::Value& inner = it->value;
      bool is_map = inner.IsObject();
      out += is_map ? '{' : '[';
      bool first_inner = true;
      auto each = [&](std::string_view key, const rapidjson::Value& element) {
        if (!first_inner) out += ", ";
        first_inner = false;
        if (is_map) out.append(key).append("=");
        AppendAttributeValue(element, out, depth + 1);
      };
      if (is_map) {
        for (const auto& m : inner.GetObject()) each(View(m.name), m.value);
      } else if (inner.IsArray()) {
        for (const auto& element : inner.GetArray()) each({}, element);
      }
      out += is_map ? '}' : ']';
    } else {
      AppendJson(it->value, out, depth + 1);
    }
  }
  out += ')';
}

// A JSON value without a shape to guide it: what a Java Map/List of such values prints.
void AppendJson(const rapidjson::Value& v, std::string& out, int depth) {
  if (v.IsNull()) {
    out += "null";
  } else if (v.IsString()) {
    out.append(View(v));
  } else if (v.IsBool()) {
    out += v.GetBool() ? "true" : "false";
  } else if (v.IsInt64()) {
    out += std::to_string(v.GetInt64());
  } else if (v.IsNumber()) {
    AppendJavaDouble(v.GetDouble(), out);
  } else if (depth >= kMaxRenderDepth) {
    out += "...";
  } else if (v.IsArray()) {
    out += '[';
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
      if (i > 0) out += ", ";
      AppendJson(v[i], out, depth + 1);
    }
    out += ']';
  } else {
    out += '{';
    bool first = true;
    for (const auto& m : v.GetObject()) {
      if (!first) out += ", ";
      first = false;
      out.append(View(m.name)).append("=");
      AppendJson(m.value, out, depth + 1);
    }
    out += '}';
  }
}

void AppendShaped(const Shape& shape, const rapidjson::Value& v, std::string& out, int depth) {
  if (v.IsNull()) {
    out += "null";
    return;
  }
  switch (shape.kind) {
    case ShapeKind::kStructure: {
      if (!v.IsObject()) break;
      auto members = api_model::Members(shape);
      out.append(api_model::Str(shape.name)).append("(");
      // toString lists members in declaration (model) order; the tables keep check order.
      for (size_t pos = 0; pos < members.size(); ++pos) {
        for (const api_model::Member& m : members) {
          if (m.model_position != pos) continue;
          if (pos > 0) out += ", ";
          std::string_view name = api_model::Str(m.name);
          AppendLowerFirst(name, out);
          out += '=';
          auto it = v.FindMember(rapidjson::StringRef(name.data(), name.size()));
          static const rapidjson::Value kNull;
          AppendShaped(api_model::GetShape(m.shape), it == v.MemberEnd() ? kNull : it->value, out,
                       depth + 1);
        }
      }
      out += ')';
      return;
    }
    case ShapeKind::kAttributeValue:
      AppendAttributeValue(v, out, depth);
      return;
    case ShapeKind::kList:
      if (!v.IsArray()) break;
      out += '[';
      for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
        if (i > 0) out += ", ";
        AppendShaped(api_model::GetShape(shape.a), v[i], out, depth + 1);
      }
      out += ']';
      return;
    case ShapeKind::kMap: {
      if (!v.IsObject()) break;
      out += '{';
      bool first = true;
      for (const auto& m : v.GetObject()) {
        if (!first) out += ", ";
        first = false;
        out.append(View(m.name)).append("=");
        AppendShaped(api_model::GetShape(shape.b), m.value, out, depth + 1);
      }
      out += '}';
      return;
    }
    case ShapeKind::kInteger:
    case ShapeKind::kLong:
      if (!v.IsNumber()) break;
      out += std::to_string(AsInt64(v));
      return;
    case ShapeKind::kDouble:
      if (!v.IsNumber()) break;
      AppendJavaDouble(v.GetDouble(), out);
      return;
    case ShapeKind::kBlob:
      AppendByteBuffer(v, out);
      return;
    default:
      break;
  }
  AppendJson(v, out, depth);
}

}  // namespace

void AppendValue(const Shape& shape, const rapidjson::Value& value, std::string& out) {
  AppendShaped(shape, value, out, 0);
}

void AppendJavaType(const Shape& shape, std::string& out) {
  switch (shape.kind) {
    case ShapeKind::kStructure:
    case ShapeKind::kAttributeValue:
      out.append(kJavaPackage).append(api_model::Str(shape.name));
      return;
    case ShapeKind::kList:
      out += "java.util.List<";
      AppendJavaType(api_model::GetShape(shape.a), out);
      out += '>';
      return;
    case ShapeKind::kMap:
      out += "java.util.Map<java.lang.String, ";
      AppendJavaType(api_model::GetShape(shape.b), out);
      out += '>';
      return;
    case ShapeKind::kString:
      out += "java.lang.String";
      return;
    case ShapeKind::kBlob:
      out += "java.nio.ByteBuffer";
      return;
    case ShapeKind::kBoolean:
      out += "java.lang.Boolean";
      return;
    case ShapeKind::kInteger:
      out += "java.lang.Integer";
      return;
    case ShapeKind::kLong:
      out += "java.lang.Long";
      return;
    case ShapeKind::kDouble:
      out += "java.lang.Double";
      return;
    case ShapeKind::kTimestamp:
      out += "java.util.Date";
      return;
  }
}

int64_t AsInt64(const rapidjson::Value& number) {
  if (number.IsInt64()) return number.GetInt64();
  if (number.IsUint64()) return std::numeric_limits<int64_t>::max();
  double d = std::trunc(number.GetDouble());
  if (!(d > -9.2e18)) return std::numeric_limits<int64_t>::min();  // also NaN
  if (d > 9.2e18) return std::numeric_limits<int64_t>::max();
  return static_cast<int64_t>(d);
}

void AppendJavaDouble(double d, std::string& out) {
  if (std::isnan(d)) {
    out += "NaN";
    return;
  }
  if (std::isinf(d)) {
    out += d > 0 ? "Infinity" : "-Infinity";
    return;
  }
  if (d == 0) {
    out += std::signbit(d) ? "-0.0" : "0.0";
    return;
  }
  // Shortest digits that round-trip, then Java's layout: plain for 1e-3 <= |d| < 1e7,
  // otherwise d.dddE<exp>; always at least one fractional digit.
  char buf[32];
  auto res = std::to_chars(buf, buf + sizeof buf, std::abs(d), std::chars_format::scientific);
  std::string_view sci(buf, res.ptr - buf);  // e.g. "1.2345e+03"
  size_t e_pos = sci.find('e');
  std::string digits(sci.substr(0, e_pos));
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  int exp = std::stoi(std::string(sci.substr(e_pos + 1)));
  if (d < 0) out += '-';
  double mag = std::abs(d);
  if (mag >= 1e-3 && mag < 1e7) {
    if (exp >= 0) {
      std::string int_part = digits.substr(0, std::min<size_t>(digits.size(), exp + 1));
      int_part.append(exp + 1 > static_cast<int>(digits.size()) ? exp + 1 - digits.size() : 0, '0');
      std::string frac =
          digits.size() > static_cast<size_t>(exp + 1) ? digits.substr(exp + 1) : "0";
      out.append(int_part).append(".").append(frac);
    } else {
      out.append("0.").append(static_cast<size_t>(-exp - 1), '0').append(digits);
    }
  } else {
    out += digits[0];
    out += '.';
    out.append(digits.size() > 1 ? digits.substr(1) : "0");
    out.append("E").append(std::to_string(exp));
  }
}

void AppendLowerFirst(std::string_view name, std::string& out) {
  if (name.empty()) return;
  char first = name[0];
  if (first >= 'A' && first <= 'Z') first = static_cast<char>(first - 'A' + 'a');
  out += first;
  out.append(name.substr(1));
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::request_internal
