// From a typed request and its outcome to the audit's Observation (access_audit.h): the
// request's shape with its expressions normalised, and what it read, returned, wrote and
// consumed. One Observe overload per audited operation; audit_probe.h calls them.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "api/batch_requests.h"
#include "api/item_requests.h"
#include "api/read_requests.h"
#include "api/transact_requests.h"
#include "audit/access_audit.h"
#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::audit {

// The attributes hrcore's schema relies on every item carrying (HR-SCHEMA.md: `type`); a put
// lacking one on a table where other puts carry it is a finding.
inline constexpr std::string_view kRequiredAttributes[] = {"type"};

// `expression` with `#name` placeholders replaced by the names they stand for, `:value`
// placeholders by `?` and runs of blanks by one space.
template <class Names>
std::string NormalizeExpression(std::string_view expression, const Names& names) {
  auto word = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  };
  std::string out;
  for (std::size_t i = 0; i < expression.size();) {
    const char c = expression[i];
    if ((c == '#' || c == ':') && i + 1 < expression.size() && word(expression[i + 1])) {
      std::size_t end = i + 1;
      while (end < expression.size() && word(expression[end])) ++end;
      const std::string token(expression.substr(i, end - i));
      if (c == ':') {
        out += '?';
      } else if (auto it = names.find(token); it != names.end()) {
        out += it->second;
      } else {
        out += token;
      }
      i = end;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (!out.empty() && out.back() != ' ') out += ' ';
      ++i;
    } else {
      out += c;
      ++i;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::GetItemRequest& request, const Result<api::ItemResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::PutItemRequest& request, const Result<api::ItemResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::UpdateItemRequest& request, const Result<api::ItemResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::DeleteItemRequest& request, const Result<api::ItemResponse>& response);
// Each item of a batch or transaction is observed as its own request ("TransactWriteItems:Put").
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::BatchWriteItemRequest& request,
             const Result<api::BatchWriteItemResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::TransactWriteItemsRequest& request,
             const Result<api::TransactWriteItemsResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::QueryRequest& request, const Result<api::ReadResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::ScanRequest& request, const Result<api::ReadResponse>& response);

}  // namespace ddbemu::audit
