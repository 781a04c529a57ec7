// The PartiQL parser: one recursive-descent parser for the statements DynamoDB accepts through
// ExecuteStatement, BatchExecuteStatement and ExecuteTransaction:
//   SELECT * | path, ... FROM "table"[."index"] [WHERE cond] [ORDER BY path [ASC|DESC]]
//   INSERT INTO "table" VALUE {'k': v, ...}
//   UPDATE "table" (SET path = v | REMOVE path)... WHERE cond [RETURNING (ALL|MODIFIED) (OLD|NEW)
//   *] DELETE FROM "table" WHERE cond [RETURNING ALL OLD *] [NOT] EXISTS (SELECT ...)          (a
//   transaction's condition check)
// Conditions use = <> != < <= > >=, BETWEEN, IN [..] or IN (..), AND, OR, NOT, parentheses,
// IS [NOT] MISSING, IS [NOT] NULL and the functions of the expression layer (begins_with,
// contains, attribute_exists, attribute_not_exists, attribute_type, size). Values are PartiQL
// literals ('s', numbers, true, false, null, [list], <<set>>, {'k': v}) or `?` parameters.
// Every failure is a ValidationException "Statement wasn't well formed, can't be processed: ..."
// (a statement that begins with no DML keyword: "... Expected data manipulation").
#pragma once

#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "partiql/partiql_ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql {

// The statement, or the parse error. Never crashes on any input (fuzzed: tests/fuzz).
Result<Statement> ParseStatement(std::string_view text);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql
