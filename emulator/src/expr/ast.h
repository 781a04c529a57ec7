// The syntax trees of DynamoDB's five expression parameters. A tree comes out of the parser
// with placeholders unresolved ("#n", ":v"); binding (expressions.h) copies it with every "#n"
// replaced by its attribute name and every ":v" by its value, so that one parsed tree can be
// cached and bound once per request.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

// Which request parameter an expression came from; it names the expression in messages
// ("Invalid ConditionExpression: ...") and decides which functions are allowed.
enum class ExpressionKind : std::uint8_t {
  kCondition,        // ConditionExpression (PutItem, UpdateItem, DeleteItem, transactions)
  kFilter,           // FilterExpression (Query, Scan)
  kKeyCondition,     // KeyConditionExpression (Query)
  kProjection,       // ProjectionExpression
  kUpdate,           // UpdateExpression
  kSearchCondition,  // SearchConditionExpression (SearchVectors): a filter's grammar
};

// "ConditionExpression", "FilterExpression", ...
std::string_view ParameterName(ExpressionKind kind);

// One step of a document path: an attribute (or map key) name, or a list index.
struct PathElement {
  enum class Kind : std::uint8_t { kName, kIndex };
  Kind kind = Kind::kName;
  // kName: the name; before binding it may be a placeholder ("#n"), see `is_placeholder`.
  // kIndex: the index digits as written (the message for an out-of-range index quotes them).
  std::string name;
  bool is_placeholder = false;
  std::uint32_t index = 0;  // kIndex, once known to be in range

  static PathElement Name(std::string n) { return {Kind::kName, std::move(n), false, 0}; }
  static PathElement Index(std::uint32_t i) { return {Kind::kIndex, std::to_string(i), false, i}; }
  bool is_index() const { return kind == Kind::kIndex; }
  friend bool operator==(const PathElement& a, const PathElement& b) {
    return a.kind == b.kind && (a.kind == Kind::kName ? a.name == b.name : a.index == b.index);
  }
};

// a.b[3].#c : the first element is always a name.
struct DocumentPath {
  std::vector<PathElement> elements;

  const std::string& root() const { return elements.front().name; }
  bool is_top_level() const { return elements.size() == 1; }
  friend bool operator==(const DocumentPath& a, const DocumentPath& b) {
    return a.elements == b.elements;
  }
};

// The path as the service prints it in messages: "[a, [3], b]".
std::string FormatPath(const DocumentPath& path);

// A total order of paths: element by element, names by bytes, indexes numerically, a name
// before an index, a prefix before its extensions.
bool PathLess(const DocumentPath& a, const DocumentPath& b);

enum class FunctionId : std::uint8_t {
  kAttributeExists,
  kAttributeNotExists,
  kAttributeType,
  kBeginsWith,
  kContains,
  kSize,
  kIfNotExists,
  kListAppend,
  kUnknown,
};
FunctionId FunctionByName(std::string_view name);  // case-sensitive, as the service is

// An operand: a path, a value, a function call, or (in SET only) a sum or difference.
struct Operand {
  enum class Kind : std::uint8_t { kPath, kValue, kFunction, kPlus, kMinus };
  Kind kind = Kind::kPath;
  DocumentPath path;        // kPath
  std::string placeholder;  // kValue before binding: ":v" (empty for a legacy constant)
  AttributeValue value;     // kValue after binding
  FunctionId function = FunctionId::kUnknown;  // kFunction
  std::string function_name;                   // kFunction, as written
  std::vector<Operand> args;                   // kFunction arguments; kPlus/kMinus: {left, right}

  bool is_path() const { return kind == Kind::kPath; }
  bool is_value() const { return kind == Kind::kValue; }
  bool is_function() const { return kind == Kind::kFunction; }
  bool is_arithmetic() const { return kind == Kind::kPlus || kind == Kind::kMinus; }
};

enum class Comparator : std::uint8_t { kEq, kNe, kLt, kLe, kGt, kGe };
std::string_view ComparatorSymbol(Comparator c);  // "=", "<>", ...

// A condition (ConditionExpression, FilterExpression, KeyConditionExpression).
struct Condition {
  enum class Kind : std::uint8_t { kCompare, kBetween, kIn, kFunction, kAnd, kOr, kNot };
  Kind kind = Kind::kCompare;
  Comparator comparator = Comparator::kEq;     // kCompare
  FunctionId function = FunctionId::kUnknown;  // kFunction
  std::string function_name;                   // kFunction, as written
  // kCompare: {left, right}; kBetween: {value, low, high}; kIn: {value, candidates...};
  // kFunction: the arguments.
  std::vector<Operand> operands;
  std::vector<Condition> children;  // kAnd, kOr: two; kNot: one
};

// One action of an UpdateExpression.
struct UpdateAction {
  enum class Kind : std::uint8_t { kSet, kRemove, kAdd, kDelete };
  Kind kind = Kind::kSet;
  DocumentPath path;
  Operand value;  // kSet: the new value; kAdd, kDelete: the value placeholder; kRemove: unused
};

struct UpdateExpression {
  std::vector<UpdateAction> actions;  // in the order written
  // Translated from the legacy AttributeUpdates parameter (legacy.h): ADD of a list appends,
  // and type mismatches read "Type mismatch for attribute to update".
  bool from_attribute_updates = false;
};

struct ProjectionExpression {
  std::vector<DocumentPath> paths;  // in the order written
};

// Builders, mostly for tests and the legacy-parameter translation.
DocumentPath MakePath(std::initializer_list<PathElement> elements);
Operand PathOperand(DocumentPath path);
Operand ValueOperand(AttributeValue value);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
