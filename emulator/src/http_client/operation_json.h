// The HTTP client's codec of every operation (ddbemu/operations.h), in the DynamoDB JSON protocol.
//
// ToJson writes the body an AWS SDK sends, member for member: members the request leaves unset
// (nullopt, empty maps and lists, enums at NONE, booleans at the service's default) are absent;
// attribute values go through the value codec's writer (value_json/json_codec.h). No checks
// here: the endpoint validates, so a bad request gets the service's own error.
//
// FromJson reads the service's answer into the typed response. Every member the model has is
// read; members the body leaves out stay at the model's "absent" (nullopt, empty). Numbers
// arrive in canonical text and binaries as raw bytes, exactly as the embedded client returns
// them. A body that is not the operation's output shape is an InternalServerError naming the
// operation and what is wrong: the endpoint broke the protocol.
//
// Defined by family: request_items_json.cc and request_tables_json.cc (ToJson of the items,
// reads, batches, transactions and tables), response_items_json.cc and response_tables_json.cc
// (their FromJson), ttl_tags_json.cc, backups_json.cc, control_json.cc, partiql_json.cc and
// streams_json.cc (both directions).
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/client.h"
#include "ddbemu/operations.h"
#include "ddbemu/streams_client.h"

namespace ddbemu::http_client {

// Query and Scan share their response type, so FromJson(QueryResponse&) is declared twice.
#define DDBEMU_JSON_CODEC(Op)                     \
  std::string ToJson(const Op##Request& request); \
  Status FromJson(std::string_view body, Op##Response& out);
DDBEMU_OPERATIONS(DDBEMU_JSON_CODEC)
DDBEMU_STREAMS_OPERATIONS(DDBEMU_JSON_CODEC)
#undef DDBEMU_JSON_CODEC

}  // namespace ddbemu::http_client
