// libFuzzer target for the expression layer: any bytes, read as any kind of expression, must
// parse, bind, evaluate, apply and project without crashing, leaking or tripping a sanitizer,
// and every failure must be a ValidationException. The first byte picks the expression kind;
// the rest is the expression text. Placeholders come from a fixed pool, so that inputs which
// get past the parser also reach binding, evaluation and the update engine.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "expr/evaluator.h"
#include "expr/expressions.h"
#include "expr/key_condition.h"
#include "expr/update_apply.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(std::string s) { return AttributeValue::N(std::move(s)); }

struct Fixture {
  AttributeNames names{{"#a", "a"}, {"#b", "b"}, {"#k", "pk"}, {"#s", "sk"}, {"#n", "name"}};
  Item values{{":v", S("x")},
              {":w", S("")},
              {":n", N("1")},
              {":m", N("-9.9999999999999999999999999999999999999E+125")},
              {":big", N("9.9999999999999999999999999999999999999E+125")},
              {":b", AttributeValue::B(std::string("\0\xff", 2))},
              {":l", AttributeValue::L({S("q"), N("2")})},
              {":e", AttributeValue::L({})},
              {":o", AttributeValue::M({{"k", S("v")}})},
              {":ss", AttributeValue::SS({"a", "b"})},
              {":ns", AttributeValue::NS({"1", "2"})},
              {":bs", AttributeValue::BS({std::string(1, '\0')})},
              {":t", AttributeValue::Bool(true)},
              {":z", AttributeValue::Null()},
              {":ty", S("SS")}};
  Item key{{"pk", S("p")}, {"sk", N("1")}};
  Item item{
      {"pk", S("p")},
      {"sk", N("1")},
      {"a", AttributeValue::M({{"b", AttributeValue::L({N("1"), S("s"), AttributeValue::M({})})},
                               {"c", S("deep")}})},
      {"b", AttributeValue::L({S("x"), AttributeValue::L({N("3")})})},
      {"n", N("5")},
      {"s", S("str")},
      {"ss", AttributeValue::SS({"a"})},
      {"ns", AttributeValue::NS({"7"})}};
  KeySchemaView schema{{{"pk", AttributeType::kS}}, {{"sk", AttributeType::kN}}};
};

void CheckError(const ApiError& e) {
  if (e.code() != ErrorCode::kValidation || e.message().empty()) std::abort();
}

void RunCondition(std::string_view text, ExpressionKind kind, const Fixture& fx) {
  ExpressionContext context(&fx.names, &fx.values);
  Result<Condition> parsed = ParseCondition(text, kind);
  if (!parsed.ok()) return CheckError(parsed.error());
  Result<Condition> bound = BindCondition(*parsed, kind, context);
  if (!bound.ok()) return CheckError(bound.error());
  (void)Evaluate(*bound, fx.item);
  (void)Evaluate(*bound, Item{});
  (void)context.CheckAllUsed();
  if (kind == ExpressionKind::kKeyCondition) {
    Result<KeyCondition> kc = ExtractKeyCondition(*bound, fx.schema);
    if (!kc.ok()) return CheckError(kc.error());
    if (const AttributeValue* sk = fx.item.get("sk")) {
      for (const KeyPredicate& p : kc->sort) (void)SortKeyMatches(p, *sk);
    }
  }
}

void RunUpdate(std::string_view text, const Fixture& fx) {
  ExpressionContext context(&fx.names, &fx.values);
  Result<UpdateExpression> parsed = ParseUpdate(text);
  if (!parsed.ok()) return CheckError(parsed.error());
  Result<UpdateExpression> bound = BindUpdate(*parsed, context);
  if (!bound.ok()) return CheckError(bound.error());
  for (const Item* old : {&fx.item, static_cast<const Item*>(nullptr)}) {
    Result<UpdateOutcome> outcome = ApplyUpdate(*bound, old, fx.key);
    if (!outcome.ok()) {
      CheckError(outcome.error());
      continue;
    }
    (void)UpdatedOldAttributes(old, *outcome);
    (void)UpdatedNewAttributes(*outcome);
  }
}

void RunProjection(std::string_view text, const Fixture& fx) {
  ExpressionContext context(&fx.names, nullptr);
  Result<ProjectionExpression> parsed = ParseProjection(text);
  if (!parsed.ok()) return CheckError(parsed.error());
  Result<ProjectionExpression> bound = BindProjection(*parsed, context);
  if (!bound.ok()) return CheckError(bound.error());
  (void)Project(fx.item, bound->paths);
}

}  // namespace
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace ddbemu::expr;
  if (size == 0) return 0;
  static const Fixture* fixture = new Fixture();
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 5) {
    case 0:
      RunCondition(text, ExpressionKind::kCondition, *fixture);
      break;
    case 1:
      RunCondition(text, ExpressionKind::kFilter, *fixture);
      break;
    case 2:
      RunCondition(text, ExpressionKind::kKeyCondition, *fixture);
      break;
    case 3:
      RunUpdate(text, *fixture);
      break;
    default:
      RunProjection(text, *fixture);
      break;
  }
  return 0;
}
