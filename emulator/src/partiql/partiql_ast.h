// The syntax tree of one PartiQL statement of DynamoDB's subset (SELECT, INSERT, UPDATE, DELETE
// and, inside ExecuteTransaction, EXISTS). The tree holds no attribute values from the request:
// `?` parameters stay positions until the statement is compiled (compile.h), so one parsed
// statement serves every parameter list.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql {

// One step of a document path: an attribute or map key name, or a list index.
struct PathStep {
  std::string name;
  bool is_index = false;
  std::uint32_t index = 0;
};

// a.b[0]."c d": the first step is always a name.
struct Path {
  std::vector<PathStep> steps;
};

enum class ExprKind : std::uint8_t {
  kPath,
  kLiteral,    // a scalar literal: 'x', 1.5, true, null
  kParameter,  // ?
  kList,       // [e, ...]
  kBag,        // <<e, ...>>: a DynamoDB set
  kTuple,      // {'k': e, ...}: a map
  kCompare,    // args[0] op args[1]; op is one of = <> < <= > >=
  kBetween,    // args[0] BETWEEN args[1] AND args[2]
  kIn,         // args[0] IN args[1..]
  kAnd,
  kOr,
  kNot,
  kCall,       // name(args): begins_with, contains, size, attribute_type, ...
  kIsMissing,  // args[0] IS [NOT] MISSING (negated)
  kIsNull,     // args[0] IS [NOT] NULL (negated)
  kArith,      // args[0] op args[1]; op is + or -
};

struct Expr {
  ExprKind kind = ExprKind::kLiteral;
  Path path;               // kPath
  AttributeValue literal;  // kLiteral
  int parameter = 0;       // kParameter: 0-based position
  std::string op;          // kCompare, kArith; kCall: the function name in lower case
  bool negated = false;    // kIsMissing, kIsNull
  std::vector<Expr> args;
  std::vector<std::string> keys;  // kTuple: the key of each args[i]
};

enum class StatementKind : std::uint8_t { kSelect, kInsert, kUpdate, kDelete, kExists };

// UPDATE ... RETURNING <what> *.
enum class Returning : std::uint8_t { kNone, kAllOld, kModifiedOld, kAllNew, kModifiedNew };

struct UpdateAction {
  bool remove = false;  // REMOVE path, else SET path = value
  Path path;
  Expr value;
};

struct Statement {
  StatementKind kind = StatementKind::kSelect;
  std::string table;
  std::optional<std::string> index;  // SELECT ... FROM "table"."index"
  bool select_all = true;            // SELECT *
  std::vector<Path> projection;      // SELECT a, b.c
  std::optional<Expr> where;
  std::optional<Path> order_by;  // SELECT ... ORDER BY key [ASC|DESC]
  bool descending = false;
  Expr item;                          // INSERT ... VALUE item
  std::vector<UpdateAction> actions;  // UPDATE
  Returning returning = Returning::kNone;
  bool exists_negated = false;  // NOT EXISTS(SELECT ...)
  int parameter_count = 0;      // the number of ? in the statement
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql
