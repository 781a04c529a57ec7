// The wording of every expression error; see errors.h.
#include "expr/errors.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr::errors {
namespace {

ApiError V(std::string m) { return ApiError::Validation(std::move(m)); }

std::string Join(std::string_view a, std::string_view b) {
  std::string s(a);
  s += b;
  return s;
}

}  // namespace

std::string_view InternalTypeName(AttributeType type) {
  switch (type) {
    case AttributeType::kS:
      return "STRING";
    case AttributeType::kN:
      return "NUMBER";
    case AttributeType::kB:
      return "BINARY";
    case AttributeType::kBool:
      return "BOOLEAN";
    case AttributeType::kNull:
      return "NULL";
    case AttributeType::kM:
      return "MAP";
    case AttributeType::kL:
      return "LIST";
    case AttributeType::kSS:
      return "STRING_SET";
    case AttributeType::kNS:
      return "NUMBER_SET";
    case AttributeType::kBS:
      return "BINARY_SET";
  }
  return "UNKNOWN";
}

namespace {

std::string KeyList(const std::vector<std::string>& keys) {
  std::string s = "{";
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i > 0) s += ", ";
    s += keys[i];
  }
  return s + "}";
}

}  // namespace

ApiError Invalid(ExpressionKind kind, std::string_view detail) {
  std::string m = "Invalid ";
  m += ParameterName(kind);
  m += ": ";
  m += detail;
  return V(std::move(m));
}

ApiError Empty(ExpressionKind kind) { return Invalid(kind, "The expression can not be empty;"); }

ApiError TooLong(ExpressionKind kind, std::size_t length) {
  // Condition, filter and key-condition expressions state the size; update and projection
  // expressions end at the semicolon (both observed from the service's parser).
  std::string m = "Expression size has exceeded the maximum allowed size;";
  if (kind != ExpressionKind::kUpdate && kind != ExpressionKind::kProjection) {
    m += " expression size: " + std::to_string(length);
  }
  return Invalid(kind, m);
}

ApiError Syntax(ExpressionKind kind, std::string_view token, std::string_view near) {
  std::string m = "Syntax error; token: \"";
  m += token;
  m += "\", near: \"";
  m += near;
  m += "\"";
  return Invalid(kind, m);
}

ApiError RedundantParentheses(ExpressionKind kind) {
  return Invalid(kind, "The expression has redundant parentheses;");
}

ApiError DuplicateSection(std::string_view section) {
  return Invalid(ExpressionKind::kUpdate,
                 "The \"" + std::string(section) +
                     "\" section can only be used once in an update expression;");
}

ApiError ReservedKeyword(ExpressionKind kind, std::string_view word) {
  return Invalid(kind, Join("Attribute name is a reserved keyword; reserved keyword: ", word));
}

ApiError InvalidFunctionName(ExpressionKind kind, std::string_view name) {
  return Invalid(kind, Join("Invalid function name; function: ", name));
}

ApiError FunctionNotAllowedHere(ExpressionKind kind, std::string_view name) {
  const std::string_view where = kind == ExpressionKind::kUpdate ? "an update" : "a condition";
  return Invalid(kind, "The function is not allowed in " + std::string(where) +
                           " expression; function: " + std::string(name));
}

ApiError FunctionMisused(ExpressionKind kind, std::string_view name) {
  return Invalid(
      kind,
      Join("The function is not allowed to be used this way in an expression; function: ", name));
}

ApiError ListIndexOutOfRange(ExpressionKind kind, std::string_view digits) {
  return Invalid(
      kind, "List index is not within the allowable range; index: [" + std::string(digits) + "]");
}

ApiError UndefinedName(ExpressionKind kind, std::string_view placeholder) {
  return Invalid(kind, Join("An expression attribute name used in the document path is not "
                            "defined; attribute name: ",
                            placeholder));
}

ApiError UndefinedValue(ExpressionKind kind, std::string_view placeholder) {
  return Invalid(kind, Join("An expression attribute value used in expression is not defined; "
                            "attribute value: ",
                            placeholder));
}

ApiError PathTooDeep(ExpressionKind kind, std::size_t depth) {
  return Invalid(kind, "The document path has too many nesting levels; nesting levels: " +
                           std::to_string(depth));
}

ApiError WrongArity(ExpressionKind kind, std::string_view function, std::size_t count) {
  return Invalid(kind,
                 "Incorrect number of operands for operator or function; operator or "
                 "function: " +
                     std::string(function) + ", number of operands: " + std::to_string(count));
}

ApiError NeedsPath(ExpressionKind kind, std::string_view function) {
  return Invalid(kind, Join("Operator or function requires a document path; operator or "
                            "function: ",
                            function));
}

ApiError OperandType(ExpressionKind kind, std::string_view op, std::string_view type) {
  return Invalid(kind, "Incorrect operand type for operator or function; operator or function: " +
                           std::string(op) + ", operand type: " + std::string(type));
}

ApiError AttributeTypeGivenPath(ExpressionKind kind) {
  // The service prints its internal set of type names (a Java HashSet, hence the order).
  return OperandType(kind, "attribute_type",
                     "{SS,FS,FLOAT,BS,M,DECIMALSET,S,DOUBLE,NS,INTSET,HD,N,DICT,BOOL,NULL,B,"
                     "DOUBLESET,HDS,L,INT,DECIMAL}");
}

ApiError InvalidTypeName(ExpressionKind kind, std::string_view type) {
  return Invalid(kind, "Invalid attribute type name found; type: " + std::string(type) +
                           ", valid types: {N,BS,L,B,NULL,M,S,SS,NS,BOOL}");
}

ApiError UpdateOperandType(std::string_view op, const AttributeValue& value) {
  std::string m = "Incorrect operand type for operator or function; operator: ";
  m += op;
  m += ", operand type: ";
  m += InternalTypeName(value.type());
  m += ", typeSet: ALLOWED_FOR_";
  m += op;
  m += "_OPERAND";
  return Invalid(ExpressionKind::kUpdate, m);
}

ApiError FirstOperandNotDistinct(ExpressionKind kind, std::string_view op,
                                 const DocumentPath& path) {
  return Invalid(kind,
                 "The first operand must be distinct from the remaining operands for this "
                 "operator or function; operator: " +
                     std::string(op) + ", first operand: " + FormatPath(path));
}

ApiError TooManyInOperands(ExpressionKind kind, std::size_t count) {
  return Invalid(kind, "The IN operator is provided with too many operands; number of operands: " +
                           std::to_string(count));
}

ApiError BetweenTypesDiffer(ExpressionKind kind, const AttributeValue& low,
                            const AttributeValue& high) {
  return Invalid(kind,
                 "The BETWEEN operator requires same data type for lower and upper bounds; "
                 "lower bound operand: " +
                     DescribeValue(low) + ", upper bound operand: " + DescribeValue(high));
}

ApiError BetweenBoundsReversed(ExpressionKind kind, const AttributeValue& low,
                               const AttributeValue& high) {
  return Invalid(kind,
                 "The BETWEEN operator requires upper bound to be greater than or equal to "
                 "lower bound; lower bound operand: " +
                     DescribeValue(low) + ", upper bound operand: " + DescribeValue(high));
}

ApiError TooManyOperators(ExpressionKind kind) {
  // The service stops counting at the first operator past the limit, so it always says 301.
  return Invalid(kind, "The expression contains too many operators; operator count: 301");
}

ApiError PathsOverlap(ExpressionKind kind, const DocumentPath& one, const DocumentPath& two) {
  return Invalid(kind,
                 "Two document paths overlap with each other; must remove or rewrite one "
                 "of these paths; path one: " +
                     FormatPath(one) + ", path two: " + FormatPath(two));
}

ApiError PathsConflict(ExpressionKind kind, const DocumentPath& one, const DocumentPath& two) {
  return Invalid(kind,
                 "Two document paths conflict with each other; must remove or rewrite one "
                 "of these paths; path one: " +
                     FormatPath(one) + ", path two: " + FormatPath(two));
}

ApiError UnusedNames(const std::vector<std::string>& keys) {
  return V("Value provided in ExpressionAttributeNames unused in expressions: keys: " +
           KeyList(keys));
}

ApiError UnusedValues(const std::vector<std::string>& keys) {
  return V("Value provided in ExpressionAttributeValues unused in expressions: keys: " +
           KeyList(keys));
}

ApiError InvalidUpdatePath() {
  return V("The document path provided in the update expression is invalid for update");
}

ApiError MissingOperandAttribute() {
  return V("The provided expression refers to an attribute that does not exist in the item");
}

ApiError IncorrectOperandType() {
  return V("An operand in the update expression has an incorrect data type");
}

ApiError KeyAttributeUpdate(std::string_view attribute) {
  return V("One or more parameter values were invalid: Cannot update attribute " +
           std::string(attribute) + ". This attribute is part of the key");
}

std::string DescribeValue(const AttributeValue& value) {
  // The service prints its Java AttributeValue. Numbers appear as the client wrote them; we
  // only keep the canonical text, so "1E+3" prints as "1000" here (accepted difference).
  std::string body;
  switch (value.type()) {
    case AttributeType::kS:
    case AttributeType::kN:
      body = value.scalar();
      break;
    case AttributeType::kB: {
      const std::string n = std::to_string(value.scalar().size());
      body = "java.nio.HeapByteBuffer[pos=0 lim=" + n + " cap=" + n + "]";
      break;
    }
    default:
      body = "...";
      break;
  }
  return "AttributeValue: {" + std::string(TypeDescriptor(value.type())) + ":" + body + "}";
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr::errors
