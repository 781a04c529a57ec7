// Every error the expression layer reports, worded exactly as the service words it. The
// messages were recorded from DynamoDB Local (which ships the service's expression parser) and
// checked against what the DynamoDB documentation and AWS-verified test suites show; where the
// two differ, the comment at the factory says which one we follow.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr::errors {

// The service's internal name of a type ("STRING", "NUMBER_SET", ...), not its descriptor
// ("S", "NS"): the messages about ADD and DELETE operands, of expressions and of
// AttributeUpdates alike, name types so.
std::string_view InternalTypeName(AttributeType type);

// "Invalid <Parameter>: <detail>", the frame of every expression-specific message.
ApiError Invalid(ExpressionKind kind, std::string_view detail);

// --- Text and syntax -------------------------------------------------------------------------
ApiError Empty(ExpressionKind kind);
ApiError TooLong(ExpressionKind kind, std::size_t length);
ApiError Syntax(ExpressionKind kind, std::string_view token, std::string_view near);
ApiError RedundantParentheses(ExpressionKind kind);
ApiError DuplicateSection(std::string_view section);  // "SET", "REMOVE", "ADD", "DELETE"

// --- Names, functions and placeholders -------------------------------------------------------
ApiError ReservedKeyword(ExpressionKind kind, std::string_view word);
ApiError InvalidFunctionName(ExpressionKind kind, std::string_view name);
ApiError FunctionNotAllowedHere(ExpressionKind kind, std::string_view name);
ApiError FunctionMisused(ExpressionKind kind, std::string_view name);
ApiError ListIndexOutOfRange(ExpressionKind kind, std::string_view digits);
ApiError UndefinedName(ExpressionKind kind, std::string_view placeholder);
ApiError UndefinedValue(ExpressionKind kind, std::string_view placeholder);
ApiError PathTooDeep(ExpressionKind kind, std::size_t depth);

// --- Operators and operands ------------------------------------------------------------------
ApiError WrongArity(ExpressionKind kind, std::string_view function, std::size_t count);
ApiError NeedsPath(ExpressionKind kind, std::string_view function);
// `type` is a type descriptor ("S", "NULL", ...).
ApiError OperandType(ExpressionKind kind, std::string_view op, std::string_view type);
// attribute_type given a document path as its type argument.
ApiError AttributeTypeGivenPath(ExpressionKind kind);
ApiError InvalidTypeName(ExpressionKind kind, std::string_view type);
// ADD / DELETE given a value of the wrong type.
ApiError UpdateOperandType(std::string_view op, const AttributeValue& value);
ApiError FirstOperandNotDistinct(ExpressionKind kind, std::string_view op,
                                 const DocumentPath& path);
ApiError TooManyInOperands(ExpressionKind kind, std::size_t count);
ApiError BetweenTypesDiffer(ExpressionKind kind, const AttributeValue& low,
                            const AttributeValue& high);
ApiError BetweenBoundsReversed(ExpressionKind kind, const AttributeValue& low,
                               const AttributeValue& high);
ApiError TooManyOperators(ExpressionKind kind);

// --- Paths of one expression -----------------------------------------------------------------
ApiError PathsOverlap(ExpressionKind kind, const DocumentPath& one, const DocumentPath& two);
ApiError PathsConflict(ExpressionKind kind, const DocumentPath& one, const DocumentPath& two);

// --- ExpressionAttributeNames / ExpressionAttributeValues ------------------------------------
// `keys` in the order the service prints them (see expression_context.h).
ApiError UnusedNames(const std::vector<std::string>& keys);
ApiError UnusedValues(const std::vector<std::string>& keys);

// --- Applying an update to an item (no "Invalid UpdateExpression:" frame) -------------------
ApiError InvalidUpdatePath();
ApiError MissingOperandAttribute();
ApiError IncorrectOperandType();
ApiError KeyAttributeUpdate(std::string_view attribute);

// "AttributeValue: {N:1}" as the service prints a value inside a message.
std::string DescribeValue(const AttributeValue& value);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr::errors
