// libFuzzer target for the PartiQL layer: any bytes, read as a statement, must lex, parse and
// compile into the expression language without crashing, leaking or tripping a sanitizer, and
// every failure must be a ValidationException. A statement that parses has its `?` bound from
// a fixed pool and its WHERE compiled and run through the expression layer (parse, bind,
// evaluate), and its SET values and INSERT tuple compiled, as ExecuteStatement would.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "expr/evaluator.h"
#include "expr/expression_context.h"
#include "expr/expressions.h"
#include "partiql/compile.h"
#include "partiql/partiql_parser.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql {
namespace {

void CheckError(const ApiError& e) {
  if (e.code() != ErrorCode::kValidation || e.message().empty()) std::abort();
}

std::vector<AttributeValue> Parameters(int count) {
  static const AttributeValue pool[] = {AttributeValue::S("x"),
                                        AttributeValue::N("1"),
                                        AttributeValue::B(std::string("\0", 1)),
                                        AttributeValue::Bool(true),
                                        AttributeValue::Null(),
                                        AttributeValue::L({AttributeValue::N("2")}),
                                        AttributeValue::SS({"a"})};
  std::vector<AttributeValue> out;
  for (int i = 0; i < count; ++i) out.push_back(pool[i % 7]);
  return out;
}

void RunWhere(const Expr& where, const std::vector<AttributeValue>& parameters) {
  for (const Expr* c : Conjuncts(where)) {
    (void)EqualitiesOn(*c, "pk");
    (void)IsSortKeyPredicate(*c, "sk");
  }
  ExpressionWriter writer(&parameters);
  Result<std::string> text = writer.Condition(where);
  if (!text.ok()) return CheckError(text.error());
  Result<expr::Condition> parsed = expr::ParseCondition(*text, expr::ExpressionKind::kFilter);
  if (!parsed.ok()) return CheckError(parsed.error());
  expr::ExpressionContext context(&writer.names(), &writer.values());
  Result<expr::Condition> bound =
      expr::BindCondition(*parsed, expr::ExpressionKind::kFilter, context);
  if (!bound.ok()) return CheckError(bound.error());
  const Item item{{"pk", AttributeValue::S("x")},
                  {"a", AttributeValue::M({{"b", AttributeValue::L({AttributeValue::N("1")})}})}};
  (void)expr::Evaluate(*bound, item);
  (void)expr::Evaluate(*bound, Item{});
}

}  // namespace
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace ddbemu::partiql;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ddbemu::Result<Statement> statement = ParseStatement(text);
  if (!statement.ok()) {
    CheckError(statement.error());
    return 0;
  }
  const std::vector<ddbemu::AttributeValue> parameters = Parameters(statement->parameter_count);
  if (statement->where) RunWhere(*statement->where, parameters);
  ExpressionWriter writer(&parameters);
  for (const UpdateAction& action : statement->actions) {
    if (action.remove) continue;
    ddbemu::Result<std::string> operand = writer.Operand(action.value);
    if (!operand.ok()) CheckError(operand.error());
  }
  if (statement->kind == StatementKind::kInsert) {
    ddbemu::Result<ddbemu::AttributeValue> item = writer.Constant(statement->item);
    if (!item.ok()) CheckError(item.error());
  }
  return 0;
}
