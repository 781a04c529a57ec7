// The embedded client's PartiQL operations (ExecuteStatement, BatchExecuteStatement,
// ExecuteTransaction): public request -> the api/ model, its `?` values held to the value rules
// the JSON codec applies (value/value_rules.h), and the engine's answer -> the public response
// with what the JSON path renders (api_json/partiql_codec.cc). No JSON.
#include <boost/uuid/detail/sha1.hpp>

#include "embedded/typed_admin.h"
#include "embedded/typed_conversions.h"
#include "value/item_codec.h"
#include "value/value_rules.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded {
namespace {

// The API model's PartiQLStatement: 1..8192 characters.
Status CheckStatement(const std::string& statement, std::string_view path) {
  if (statement.empty()) {
    return Constraint(statement, path, "Member must have length greater than or equal to 1");
  }
  if (statement.size() > 8192) {
    return Constraint(statement, path, "Member must have length less than or equal to 8192");
  }
  return Status::Ok();
}

// A list of statements: 1..`max` of them (BatchExecuteStatement 25, ExecuteTransaction 100).
Status CheckCount(std::size_t count, std::string_view path, std::size_t max) {
  if (count == 0)
    return Constraint("[]", path, "Member must have length greater than or equal to 1");
  if (count > max) {
    return Constraint("[...]", path,
                      "Member must have length less than or equal to " + std::to_string(max));
  }
  return Status::Ok();
}

std::string MemberPath(std::string_view list, std::size_t index) {
  return std::string(list) + "." + std::to_string(index + 1) + ".member.statement";
}

template <class Statement>
Result<api::PartiqlStatement> ToEngineStatement(const Statement& in, bool consistent_read,
                                                std::string_view path) {
  DDBEMU_RETURN_IF_ERROR(CheckStatement(in.statement, path));
  api::PartiqlStatement out;
  out.statement = in.statement;
  out.consistent_read = consistent_read;
  out.return_old_on_condition_failure =
      in.return_values_on_condition_check_failure == ReturnValuesOnConditionCheckFailure::kAllOld;
  out.has_parameters = !in.parameters.empty();
  out.parameters = in.parameters;
  for (AttributeValue& value : out.parameters) {
    DDBEMU_RETURN_IF_ERROR(NormalizeAttributeValue(value));
  }
  return out;
}

// ExecuteTransaction's idempotency fingerprint: a digest of everything the request asks, so
// that the same ClientRequestToken with another request is IdempotentParameterMismatch (the
// JSON path digests the body instead; each path only meets its own tokens' fingerprints).
std::string Fingerprint(const api::ExecuteTransactionRequest& request) {
  boost::uuids::detail::sha1 sha1;
  auto add = [&sha1](std::string_view bytes) {
    const std::string length = std::to_string(bytes.size()) + ':';
    sha1.process_bytes(length.data(), length.size());
    sha1.process_bytes(bytes.data(), bytes.size());
  };
  add(std::to_string(static_cast<int>(request.return_consumed_capacity)));
  for (const api::PartiqlStatement& s : request.statements) {
    add(s.statement);
    add(s.return_old_on_condition_failure ? "O" : "-");
    for (const AttributeValue& value : s.parameters) {
      std::string encoded;
      itemcodec::EncodeValue(value, &encoded);
      add(encoded);
    }
  }
  unsigned int digest[5];
  sha1.get_digest(digest);
  return std::string(reinterpret_cast<const char*>(digest), sizeof digest);
}

}  // namespace

Result<api::ExecuteStatementRequest> ToEngine(const ExecuteStatementRequest& in) {
  api::ExecuteStatementRequest out;
  DDBEMU_ASSIGN_OR_RETURN(out.statement, ToEngineStatement(in, in.consistent_read, "statement"));
  out.next_token = in.next_token;
  out.limit = in.limit;
  out.return_consumed_capacity = embedded::ToEngine(in.return_consumed_capacity);
  return out;
}

Result<api::BatchExecuteStatementRequest> ToEngine(const BatchExecuteStatementRequest& in) {
  api::BatchExecuteStatementRequest out;
  DDBEMU_RETURN_IF_ERROR(CheckCount(in.statements.size(), "statements", 25));
  for (std::size_t i = 0; i < in.statements.size(); ++i) {
    const BatchStatementRequest& s = in.statements[i];
    DDBEMU_ASSIGN_OR_RETURN(api::PartiqlStatement statement,
                            ToEngineStatement(s, s.consistent_read, MemberPath("statements", i)));
    out.statements.push_back(std::move(statement));
  }
  out.return_consumed_capacity = embedded::ToEngine(in.return_consumed_capacity);
  return out;
}

Result<api::ExecuteTransactionRequest> ToEngine(const ExecuteTransactionRequest& in) {
  api::ExecuteTransactionRequest out;
  DDBEMU_RETURN_IF_ERROR(CheckCount(in.transact_statements.size(), "transactStatements", 100));
  for (std::size_t i = 0; i < in.transact_statements.size(); ++i) {
    const ParameterizedStatement& s = in.transact_statements[i];
    DDBEMU_ASSIGN_OR_RETURN(api::PartiqlStatement statement,
                            ToEngineStatement(s, false, MemberPath("transactStatements", i)));
    out.statements.push_back(std::move(statement));
  }
  out.client_request_token = in.client_request_token;
  out.return_consumed_capacity = embedded::ToEngine(in.return_consumed_capacity);
  if (out.client_request_token) out.fingerprint = Fingerprint(out);
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded
