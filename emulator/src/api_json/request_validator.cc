// The generic request validation stage (see request_validator.h): operation lookup, the
// deserialization type check (request_type_check.cc), then the model's constraints.
//
// Constraint semantics, as dynalite's tests recorded them against AWS:
// - Members are checked in the service's order (the generator's MEMBER_ORDER), each
//   member's constraints in the order pattern, min length, max length (strings), min value,
//   max value (numbers), enum; a list's or map's own length before its contents.
// - Paths name members in lowerCamelCase; a list element is "<list>.<1-based index>.member",
//   a map value "<map>.<key>.member".
// - A map's key and value constraints are reported at the map, once per offending entry:
//   "Map keys must satisfy constraint: [<every constraint of the key shape>]" (likewise
//   "Map value ..."), the constraints listed max length, min length, pattern.
// - At most 10 errors are listed; the count says how many are listed.
// Where the current model differs from what dynalite recorded, the current model wins: it is
// what the service enforces today. TableName accepts an ARN, so its shape is TableArn (length
// 1-1024) and "" is "length greater than or equal to 1", not dynalite's pattern + length 3;
// AttributesToGet and index KeySchemas lost their maximum (multi-attribute GSI keys);
// CreateTable requires only TableName, so a missing KeySchema is no constraint error here.
// One exception, from a 2026 AWS capture: the table's own KeySchema in CreateTable is still
// limited to 2 elements (gen_api_model.py MEMBER_SHAPE_OVERRIDES).
// A table name that is not an ARN must still satisfy the TableName shape, and AWS reports it
// in the same format, in the same list ("Value 'ab' at 'tableName' failed to satisfy
// constraint: Member must have length greater than or equal to 3", 2026 captures). DynamoDB
// Local answers "Invalid table/index name.  Table/index names must be between 3 and 255
// characters long, ..." instead: AWS wins. Newer AWS regions were seen to stop at a bad table
// name instead of listing it with the other errors; we list them together, as dynalite saw.
#include "api_json/request_validator.h"

#include <algorithm>
#include <string>
#include <vector>

#include "api/api_model.h"
#include "api/constrained_shapes.h"
#include "api/model_constraints.h"
#include "api_json/json_read.h"
#include "api_json/request_internal.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

using api_model::ConstraintText;
using api_model::ForEachStringViolation;
using api_model::MayBreak;
using api_model::Member;
using api_model::Shape;
using api_model::ShapeKind;
using api_model::ValidationErrors;
using api_model::Violation;
using request_internal::AppendLowerFirst;
using request_internal::AppendValue;

constexpr size_t kMaxErrors = 10;

// One step of a constraint path, kept on the stack so that a valid request builds no string.
struct PathFrame {
  enum Kind : uint8_t { kMember, kIndex, kKey };
  const PathFrame* parent;
  Kind kind;
  std::string_view text;  // member name as the model spells it, or map key
  size_t index;           // list index, 1-based
};

// `api_case`: members as the API names them ("RequestItems"), the validation framework's
// form; otherwise lowerCamelCase ("requestItems"), the older form.
void AppendPath(const PathFrame* f, std::string& out, bool api_case = false) {
  if (f->parent != nullptr) {
    AppendPath(f->parent, out, api_case);
    out += '.';
  }
  switch (f->kind) {
    case PathFrame::kMember:
      if (api_case) {
        out.append(f->text);
      } else {
        AppendLowerFirst(f->text, out);
      }
      break;
    case PathFrame::kIndex:
      out.append(std::to_string(f->index)).append(".member");
      break;
    case PathFrame::kKey:
      out.append(f->text).append(".member");
      break;
  }
}

bool HasOwnConstraints(const Shape& s) {
  return s.has_min() || s.has_max() || s.pattern != api_model::Pattern::kNone ||
         !api_model::EnumValues(s).empty();
}

// "[Member must have length less than or equal to 25, Member must have length greater than
// or equal to 1]": every constraint of a map's key or value shape, as the service lists them.
std::string ConstraintList(const Shape& s) {
  std::vector<std::string> items;
  bool numeric =
      s.kind == ShapeKind::kInteger || s.kind == ShapeKind::kLong || s.kind == ShapeKind::kDouble;
  if (s.has_max())
    items.push_back(ConstraintText(s, numeric ? Violation::kMaxValue : Violation::kMaxLength));
  if (s.has_min())
    items.push_back(ConstraintText(s, numeric ? Violation::kMinValue : Violation::kMinLength));
  if (s.pattern != api_model::Pattern::kNone)
    items.push_back(ConstraintText(s, Violation::kPattern));
  if (!api_model::EnumValues(s).empty()) items.push_back(ConstraintText(s, Violation::kEnum));
  std::string text = "[";
  for (size_t i = 0; i < items.size(); ++i) text.append(i ? ", " : "").append(items[i]);
  return text + "]";
}

const rapidjson::Value* FindPresent(const rapidjson::Value& object, std::string_view name) {
  for (const auto& m : object.GetObject()) {
    if (m.name.GetStringLength() == name.size() &&
        std::string_view(m.name.GetString(), name.size()) == name) {
      return m.value.IsNull() ? nullptr : &m.value;  // null counts as absent
    }
  }
  return nullptr;
}

using api::json::View;

// found[i]: the value of `shape`'s member i in `object`, the first of duplicates (null when
// absent, or when that first one is JSON null).
void FindMembers(const Shape& shape, const rapidjson::Value& object,
                 const rapidjson::Value** found) {
  auto members = api_model::Members(shape);
  std::fill_n(found, members.size(), nullptr);
  for (const auto& m : object.GetObject()) {
    const Member* member = api_model::FindMember(shape, View(m.name));
    if (member == nullptr) continue;
    const rapidjson::Value*& slot = found[member - members.data()];
    if (slot == nullptr) slot = &m.value;
  }
}

// The deserialization check of the request body (request_internal::CheckTypes of the input
// structure, which the body is an object of), with FindMembers' result as a by-product: the
// members are looked up once for both stages.
Status CheckBodyTypes(const Shape& input, const rapidjson::Value& body,
                      const rapidjson::Value** found) {
  auto members = api_model::Members(input);
  std::fill_n(found, members.size(), nullptr);
  for (const auto& m : body.GetObject()) {
    const Member* member = api_model::FindMember(input, View(m.name));
    if (member == nullptr) continue;  // unknown members are ignored
    const rapidjson::Value*& slot = found[member - members.data()];
    if (slot == nullptr) slot = &m.value;
    if (m.value.IsNull()) continue;
    DDBEMU_RETURN_IF_ERROR(request_internal::CheckTypes(api_model::GetShape(member->shape), m.value,
                                                        request_internal::Position::kField));
  }
  return Status::Ok();
}

// Collects constraint violations over a request tree, in the service's order.
class ConstraintChecker {
 public:
  // `framework_wording`: report length and value constraints as AWS's validation framework
  // does (see UsesFrameworkWording): "Value at 'Limit' failed to satisfy constraint: ...".
  explicit ConstraintChecker(bool framework_wording = false)
      : framework_wording_(framework_wording) {}

  void CheckStructure(const Shape& shape, const rapidjson::Value& object, const PathFrame* parent) {
    // One pass over the JSON members finds each model member's value (the first of
    // duplicates, as the operations' readers see it; null counts as absent).
    const rapidjson::Value* found[api_model::kMaxStructureMembers];
    FindMembers(shape, object, found);
    CheckMembers(shape, found, parent);
  }

  // The found members (FindMembers) of an object of structure `shape`, checked in the model's
  // order.
  void CheckMembers(const Shape& shape, const rapidjson::Value* const* found,
                    const PathFrame* parent) {
    auto members = api_model::Members(shape);
    for (size_t i = 0; i < members.size(); ++i) {
      // Most members are absent and optional: they cost this test only.
      const rapidjson::Value* v = found[i] != nullptr && !found[i]->IsNull() ? found[i] : nullptr;
      const Member& member = members[i];
      if (v == nullptr && !member.required) continue;
      if (full()) return;
      PathFrame frame{parent, PathFrame::kMember, api_model::Str(member.name), 0};
      if (v == nullptr) {
        AddNull(&frame, "Member must not be null");
        continue;
      }
      const Shape& member_shape = api_model::GetShape(member.shape);
      if (MayBreak(member_shape)) Check(member_shape, *v, &frame, /*own=*/true);
    }
  }

  // `own` is false for a map value, whose own constraints the map reports.
  void Check(const Shape& shape, const rapidjson::Value& v, const PathFrame* path, bool own) {
    switch (shape.kind) {
      case ShapeKind::kStructure:
        if (v.IsObject()) CheckStructure(shape, v, path);
        return;
      case ShapeKind::kList:
        if (!v.IsArray()) return;
        if (own) CheckLength(shape, v, v.Size(), path);
        if (!MayBreak(api_model::GetShape(shape.a))) return;
        for (rapidjson::SizeType i = 0; i < v.Size() && !full(); ++i) {
          if (v[i].IsNull()) continue;
          PathFrame frame{path, PathFrame::kIndex, {}, i + size_t{1}};
          Check(api_model::GetShape(shape.a), v[i], &frame, true);
        }
        return;
      case ShapeKind::kMap:
        if (v.IsObject()) CheckMap(shape, v, path, own);
        return;
      case ShapeKind::kString:
        if (own && v.IsString()) {
          ForEachStringViolation(shape, View(v), [&](const Shape& owner, Violation violation) {
            Add(shape, v, path, ConstraintText(owner, violation));
          });
        }
        return;
      case ShapeKind::kInteger:
      case ShapeKind::kLong:
      case ShapeKind::kDouble:
        if (own && v.IsNumber()) CheckNumber(shape, v, path);
        return;
      default:  // booleans, blobs, timestamps: no constraints; AttributeValue: the codec's
        return;
    }
  }

  const std::vector<std::string>& errors() const { return errors_; }

 private:
  bool full() const { return errors_.size() >= kMaxErrors; }

  void Add(const Shape& shape, const rapidjson::Value& v, const PathFrame* path,
           std::string_view constraint) {
    if (full()) return;
    if (framework_wording_ && (constraint.starts_with("Member must have length") ||
                               constraint.starts_with("Member must have value"))) {
      // The framework names the member as the API does and echoes no value. Only length and
      // value constraints are recorded in that form; map key and value constraints keep the
      // older one (PARITYSUITE captures, 2026-10-09), and so do enums and patterns here.
      std::string text = "Value at '";
      AppendPath(path, text, /*api_case=*/true);
      text.append("' failed to satisfy constraint: ").append(constraint);
      errors_.push_back(std::move(text));
      return;
    }
    std::string text = "Value '";
    AppendValue(shape, v, text);
    text += "' at '";
    AppendPath(path, text);
    text.append("' failed to satisfy constraint: ").append(constraint);
    errors_.push_back(std::move(text));
  }

  void AddNull(const PathFrame* path, std::string_view constraint) {
    if (full()) return;
    std::string text = "Value null at '";
    AppendPath(path, text);
    text.append("' failed to satisfy constraint: ").append(constraint);
    errors_.push_back(std::move(text));
  }

  void CheckLength(const Shape& shape, const rapidjson::Value& v, size_t length,
                   const PathFrame* path) {
    if (shape.has_min() && length < static_cast<size_t>(shape.min)) {
      Add(shape, v, path, ConstraintText(shape, Violation::kMinLength));
    }
    if (shape.has_max() && length > static_cast<size_t>(shape.max)) {
      Add(shape, v, path, ConstraintText(shape, Violation::kMaxLength));
    }
  }

  void CheckNumber(const Shape& shape, const rapidjson::Value& v, const PathFrame* path) {
    bool below, above;
    if (shape.kind == ShapeKind::kDouble) {
      below = v.GetDouble() < static_cast<double>(shape.min);
      above = v.GetDouble() > static_cast<double>(shape.max);
    } else {
      int64_t n = request_internal::AsInt64(v);
      below = n < shape.min;
      above = n > shape.max;
    }
    if (shape.has_min() && below) Add(shape, v, path, ConstraintText(shape, Violation::kMinValue));
    if (shape.has_max() && above) Add(shape, v, path, ConstraintText(shape, Violation::kMaxValue));
  }

  void CheckMap(const Shape& shape, const rapidjson::Value& map, const PathFrame* path, bool own) {
    if (own) CheckLength(shape, map, map.MemberCount(), path);
    const Shape& key_shape = api_model::GetShape(shape.a);
    const Shape& value_shape = api_model::GetShape(shape.b);
    for (const auto& m : map.GetObject()) {
      if (full()) return;
      if (!HasOwnConstraints(key_shape)) break;
      bool bad = false;
      const Shape& owner = ForEachStringViolation(key_shape, View(m.name),
                                                  [&](const Shape&, Violation) { bad = true; });
      if (bad) Add(shape, map, path, "Map keys must satisfy constraint: " + ConstraintList(owner));
    }
    for (const auto& m : map.GetObject()) {
      if (full()) return;
      if (!HasOwnConstraints(value_shape)) break;
      if (m.value.IsNull() || !ValueBreaksOwnConstraints(value_shape, m.value)) continue;
      Add(shape, map, path, "Map value must satisfy constraint: " + ConstraintList(value_shape));
    }
    // A null value where the value shape is a list with a minimum length (BatchWriteItem's
    // and BatchGetItem's RequestItems: "t": null) names no request at all: refused as a
    // required member is, at the value's path, rather than read as an empty batch (200).
    if (value_shape.kind == ShapeKind::kList && value_shape.has_min()) {
      for (const auto& m : map.GetObject()) {
        if (full()) return;
        if (!m.value.IsNull()) continue;
        PathFrame frame{path, PathFrame::kKey, View(m.name), 0};
        AddNull(&frame, "Member must not be null");
      }
    }
    if (!MayBreak(value_shape)) return;
    for (const auto& m : map.GetObject()) {
      if (full()) return;
      if (m.value.IsNull()) continue;
      PathFrame frame{path, PathFrame::kKey, View(m.name), 0};
      Check(value_shape, m.value, &frame, /*own=*/false);
    }
  }

  static bool ValueBreaksOwnConstraints(const Shape& s, const rapidjson::Value& v) {
    ConstraintChecker probe;
    PathFrame frame{nullptr, PathFrame::kMember, "value", 0};
    switch (s.kind) {
      case ShapeKind::kList:
        if (!v.IsArray()) return false;
        probe.CheckLength(s, v, v.Size(), &frame);
        break;
      case ShapeKind::kMap:
        if (!v.IsObject()) return false;
        probe.CheckLength(s, v, v.MemberCount(), &frame);
        break;
      case ShapeKind::kStructure:
      case ShapeKind::kAttributeValue:
        return false;
      default:
        probe.Check(s, v, &frame, true);
    }
    return !probe.errors_.empty();
  }

  std::vector<std::string> errors_;
  bool framework_wording_ = false;  // allocated only once something is wrong
};

// AWS is rolling out a new validation framework (since 2026-06, region by region and
// operation by operation) that words a broken length or value constraint "Value at
// 'RequestItems.t.member.Keys' failed to satisfy constraint: Member must have length less than
// or equal to 100": the member path in the API's own case, no value echoed. PARITYSUITE's
// sweeps show it settled for BatchGetItem (all answering regions but one by 2026-09-02) and
// for the Query and Scan parameter checks (Limit, Segment); other operations still answer the
// older "Value '0' at 'limit'" form in most regions, which stays theirs here.
bool UsesFrameworkWording(std::string_view operation) {
  return operation == "BatchGetItem" || operation == "Query" || operation == "Scan";
}

}  // namespace

namespace request_internal {

// RapidJSON refuses a high surrogate escape without its low half, but decodes a lone low
// surrogate escape ("\udc00") into bytes that are not UTF-8. Only strings hold backslashes, so
// a scan from backslash to backslash finds every escape (a pair's low half is skipped).
bool HasLoneLowSurrogateEscape(std::string_view body) {
  auto hex4 = [&](std::size_t at) -> int {
    if (at + 4 > body.size()) return -1;
    int v = 0;
    for (std::size_t k = at; k < at + 4; ++k) {
      const char c = body[k];
      const int d = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
      if (d < 0) return -1;
      v = v * 16 + d;
    }
    return v;
  };
  for (std::size_t i = body.find('\\'); i != std::string_view::npos && i + 1 < body.size();
       i = body.find('\\', i)) {
    if (body[i + 1] != 'u') {
      i += 2;  // a one-character escape, "\\" included
      continue;
    }
    const int cp = hex4(i + 2);
    if (cp >= 0xDC00 && cp <= 0xDFFF) return true;
    i += (cp >= 0xD800 && cp <= 0xDBFF) ? 12 : 6;  // a high half is followed by its low half
  }
  return false;
}

}  // namespace request_internal

bool IsKnownOperation(std::string_view operation) {
  return api_model::FindOperation(operation) != nullptr;
}

Status ParseRequestBody(std::string_view body, rapidjson::Document& doc) {
  // Iterative parsing: nesting depth must not be able to exhaust the stack. Strings must be
  // valid UTF-8 (AWS answers other bytes with a SerializationException without a message,
  // as aws-sdk-js#46 and aws-sdk-php#1536 recorded; DynamoDB Local stores them, or answers
  // 500): a stored invalid string is one no SDK can read back. A \u escape of a lone
  // surrogate is refused by the parser as well.
  doc.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag>(body.data(),
                                                                                    body.size());
  if (doc.HasParseError() || request_internal::HasLoneLowSurrogateEscape(body)) {
    return ApiError::Serialization("");
  }
  return Status::Ok();
}

Status ValidateRequest(std::string_view operation, const rapidjson::Value& body) {
  const api_model::Operation* op = api_model::FindOperation(operation);
  if (op == nullptr) return ApiError::UnknownOperation("");
  return ValidateRequest(*op, operation, body);
}

Status ValidateRequest(const api_model::Operation& model_op, std::string_view operation,
                       const rapidjson::Value& body) {
  const api_model::Operation* op = &model_op;
  // The body must be a JSON object for every operation: `null`, a scalar or an array is a
  // SerializationException (the deserializer wants the input structure), never an empty
  // input that an operation without required members would answer with 200.
  if (body.IsNull()) return ApiError::Serialization("Unexpected value type in payload");
  if (op->input == api_model::kNoShape) {
    if (body.IsObject()) return Status::Ok();
    return ApiError::Serialization(body.IsArray() ? "Unrecognized collection type"
                                                  : "Unexpected value type in payload");
  }
  const Shape& input = api_model::GetShape(op->input);

  // The body is the input structure itself, in no member: the element wording applies (for a
  // body that is not an object, the only case where it differs from a member's).
  const rapidjson::Value* found[api_model::kMaxStructureMembers];
  if (!body.IsObject()) {
    return request_internal::CheckTypes(input, body, request_internal::Position::kElement);
  }
  DDBEMU_RETURN_IF_ERROR(CheckBodyTypes(input, body, found));

  if (op->table_name_required_message && FindPresent(body, "TableName") == nullptr) {
    return ApiError::Validation(
        "The parameter 'TableName' is required but was not present in the request");
  }
  if ((operation == "TagResource" || operation == "UntagResource" ||
       operation == "ListTagsOfResource") &&
      FindPresent(body, "ResourceArn") == nullptr) {
    // Before the model's constraints, as dynalite recorded against AWS ({} is answered so).
    return ApiError::Validation("Invalid TableArn");
  }
  if (operation == "BatchWriteItem") {
    // Still the bespoke sentence in most regions for this operation (PARITYSUITE, 2026-10).
    const rapidjson::Value* items = FindPresent(body, "RequestItems");
    if (items != nullptr && items->IsObject() && items->MemberCount() == 0) {
      return ApiError::Validation("The requestItems parameter is required for BatchWriteItem");
    }
  }
  ConstraintChecker checker(UsesFrameworkWording(operation));
  checker.CheckMembers(input, found, nullptr);
  if (!checker.errors().empty()) return ValidationErrors(checker.errors());
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
